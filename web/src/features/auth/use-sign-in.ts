import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { showAuthError } from './auth-notices.ts';
import type * as SignInActionModule from './sign-in-action.ts';

type SignInAction = typeof SignInActionModule;

let loaded: SignInAction | null = null;
let loading: Promise<SignInAction> | null = null;

/**
 * Fetches the sign-in code ahead of the click: sign-in buttons call this when the pointer, a
 * finger or the keyboard focus reaches them. Retried on the next call after a failure.
 */
export function preloadSignIn(): Promise<SignInAction> {
  loading ??= import('./sign-in-action.ts').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The sign-in button's action: popup or redirect, then where to go (R-RED-3). */
export function useSignIn(): { start: () => void; pending: boolean } {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, setPending] = useState(false);

  const start = useCallback(() => {
    setPending(true);
    const run = (action: SignInAction) =>
      action.runSignIn(queryClient, router).then((result) => {
        if (result === 'done') setPending(false);
      });
    // Usually loaded by now (preloadSignIn on hover, touch or focus), so the popup opens inside
    // the click. If not, it opens as soon as the code is here; a browser that then blocks it
    // gets the redirect sign-in instead (R-AUTH-10).
    if (loaded !== null) void run(loaded);
    else
      void preloadSignIn().then(run, (err: unknown) => {
        console.error('Sign-in failed:', err);
        showAuthError('Sign-in failed. Please check your connection and try again.');
        setPending(false);
      });
  }, [queryClient, router]);

  return { start, pending };
}
