import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '#contracts/session.ts';
import type { AuthState, Permission, SignedInUser } from '#domain/auth/permissions.ts';
import { apiFetch, setCsrfToken } from '#lib/api.ts';

export const SESSION_KEY = ['session'] as const;

/**
 * Who is signed in (GET /api/session). The answer also carries the CSRF token every
 * state-changing request sends back, so it is stored as soon as it arrives.
 */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: async () => {
    const session = await apiFetch<SessionResponse>('/api/session');
    setCsrfToken(session.csrfToken);
    return session;
  },
  staleTime: 30_000,
  // Signing in or out in another tab shows when the user comes back to this one.
  refetchOnWindowFocus: true,
});

/**
 * The session as the domain's AuthState, so the SPA asks the same rules the server does
 * (menuFor, hasAccess, redirectAfterSignIn). The server already resolved the employee record;
 * only its permissions travel, which is all the rules read.
 */
export function authStateOf(session: SessionResponse | undefined): AuthState {
  if (session === undefined || session.user === null || session.state === 'signed-out') return { kind: 'signed-out' };
  const u = session.user;
  const user: SignedInUser = { id: u.id, email: u.email, emailVerified: true, displayName: u.name, photoUrl: u.photoUrl };
  switch (session.state) {
    case 'admin':
      return { kind: 'admin', user };
    case 'other':
      return { kind: 'other', user };
    case 'employee':
      return {
        kind: 'employee',
        user,
        employee: {
          id: u.id,
          email: u.email ?? '',
          employmentStatus: 'active',
          permissions: session.permissions,
          name: u.name ?? '',
          phone: null,
          title: null,
          photoUrl: u.photoUrl,
        },
      };
  }
}

/**
 * Whether the signed-in person holds `permission` (admins hold every one, R-AUTH-5); false while
 * the session loads. Screens use it to hide controls; the server checks every request anyway.
 */
export function useCan(permission: Permission): boolean {
  const { data } = useQuery(sessionQuery);
  return data?.permissions[permission] === true;
}
