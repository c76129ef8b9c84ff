import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { X } from 'lucide-react';
import type { RedirectResult } from '#contracts/session.ts';
import { redirectAfterSignIn } from '#domain/auth/sign-in-flow.ts';
import { apiFetch } from '#lib/api.ts';
import { authStateOf, sessionQuery } from './session.ts';
import { useSessionEvents } from './session-events.ts';
import { dismissAuthError, showAuthError, useAuthError } from './auth-notices.ts';

/**
 * A prerendered public page (/, /reviews…) may still be hydrating below the shell when the
 * session arrives. Moving the router then makes React drop that hydration with an error (#422 in
 * the console on the first load after signing in). So the first move away from the page the app
 * started on, when that page was prerendered, is a full page load; later moves stay in the app.
 */
const firstPage = typeof document === 'undefined' ? null : document.getElementById('root')?.hasAttribute('data-prerendered') ? `${location.pathname}${location.search}` : null;
function sendTo(router: ReturnType<typeof useRouter>, href: string): Promise<void> {
  const here = `${router.state.location.pathname}${router.state.location.searchStr}`;
  if (firstPage !== null && here === firstPage) {
    window.location.replace(href);
    return Promise.resolve();
  }
  return router.navigate({ href, replace: true });
}

/**
 * What the app does around the session wherever the user is: reads the redirect sign-in's
 * result once at start (R-AUTH-11, R-RED-4), sends admins and employees arriving on home to
 * their screens (R-RED-1, R-RED-2), keeps the session live (R-AUTH-3), and shows sign-in errors.
 */
export function AuthLifecycle() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data: session } = useQuery(sessionQuery);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const state = authStateOf(session);

  useSessionEvents(state.kind !== 'signed-out');

  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    void (async () => {
      try {
        const r = await apiFetch<RedirectResult>('/api/auth/redirect-result');
        if (r.result === 'error') {
          const message = r.error ?? 'Sign-in failed.';
          console.error('Sign-in (redirect) failed:', message);
          showAuthError(message);
        } else if (r.result === 'signed-in') {
          const fresh = authStateOf(await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }));
          const to = redirectAfterSignIn(fresh, 'redirect', router.state.location.pathname);
          if (to !== null) await sendTo(router, to);
        }
      } catch (err) {
        console.error('Could not read the sign-in result:', err);
      }
    })();
  }, [queryClient, router]);

  useEffect(() => {
    if (session === undefined) return;
    const to = redirectAfterSignIn(authStateOf(session), 'arrival', pathname);
    if (to !== null) void sendTo(router, to);
  }, [session, pathname, router]);

  return <AuthErrorAlert />;
}

function AuthErrorAlert() {
  const message = useAuthError();
  if (message === null) return null;
  return (
    <div className="fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <div
        role="alert"
        className="flex max-w-lg items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 shadow-lg dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <p>
          <strong className="font-semibold">Sign-in problem: </strong>
          {message}
        </p>
        <button
          type="button"
          onClick={dismissAuthError}
          aria-label="Dismiss"
          className="rounded p-1 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700 dark:hover:bg-red-900"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
