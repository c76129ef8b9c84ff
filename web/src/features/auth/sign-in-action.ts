import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { redirectAfterSignIn } from '#domain/auth/sign-in-flow.ts';
import { authStateOf, sessionQuery } from './session.ts';
import { currentReturnTo, signIn, type PopupHost } from './sign-in.ts';
import { dismissAuthError, showAuthError } from './auth-notices.ts';

/**
 * What a press of a sign-in button does (R-AUTH-9, R-AUTH-10, R-RED-3): popup or redirect, then
 * where to go. Loaded on demand (use-sign-in.ts), which keeps it out of the first page load.
 */

function popupFeatures(): string {
  const width = 480;
  const height = 640;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

const browserHost = (): PopupHost => ({
  origin: window.location.origin,
  open: (url) => window.open(url, 'shieldline-sign-in', popupFeatures()),
  addEventListener: (type, listener) => window.addEventListener(type, listener),
  removeEventListener: (type, listener) => window.removeEventListener(type, listener),
});

/**
 * Starts signing in; must be called from the click itself so the popup is allowed (no await
 * before `signIn`). Settles with 'leaving' when the page is going to the redirect sign-in,
 * 'done' otherwise (signed in and sent on, or the error is shown).
 */
export function runSignIn(queryClient: QueryClient, router: AnyRouter): Promise<'leaving' | 'done'> {
  dismissAuthError();
  const freshSession = () => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  return signIn({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    returnTo: currentReturnTo(window.location),
    host: browserHost(),
    assign: (url) => window.location.assign(url),
    isSignedIn: async () => (await freshSession()).state !== 'signed-out',
  })
    .then(async (outcome): Promise<'leaving' | 'done'> => {
      if (outcome.kind === 'redirecting') return 'leaving';
      if (outcome.kind === 'error') {
        console.error(`Sign-in failed (${outcome.code}):`, outcome.message);
        showAuthError(outcome.message);
      } else {
        const state = authStateOf(await freshSession());
        const to = redirectAfterSignIn(state, 'popup', router.state.location.pathname);
        if (to !== null) await router.navigate({ href: to });
      }
      return 'done';
    })
    .catch((err: unknown) => {
      console.error('Sign-in failed:', err);
      showAuthError('Sign-in failed. Please try again.');
      return 'done';
    });
}
