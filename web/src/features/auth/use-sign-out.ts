import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { apiFetch } from '#lib/api.ts';
import { SESSION_KEY } from './session.ts';
import { showAuthError } from './auth-notices.ts';

/** Ends the server session (R-AUTH-12), forgets everything fetched while signed in, goes home. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    try {
      await apiFetch<null>('/api/auth/logout', { method: 'POST' });
    } catch (err) {
      console.error('Sign-out failed:', err);
      showAuthError('Could not sign out. Please try again.');
      return;
    }
    // The signed-out session first, so nothing redirects a signed-in user on the way home.
    await queryClient.resetQueries({ queryKey: SESSION_KEY });
    await router.navigate({ to: '/' });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  }, [queryClient, router]);
}
