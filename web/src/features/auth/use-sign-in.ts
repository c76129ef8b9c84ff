import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { redirectAfterSignIn } from '../../../../src/domain/auth/sign-in-flow.ts';
import { authStateOf, sessionQuery } from './session.ts';
import { currentReturnTo, signIn, type PopupHost } from './sign-in.ts';
import { dismissAuthError, showAuthError } from './auth-notices.ts';

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

/** The sign-in button's action: popup or redirect, then where to go (R-RED-3). */
export function useSignIn(): { start: () => void; pending: boolean } {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, setPending] = useState(false);

  const start = useCallback(() => {
    dismissAuthError();
    setPending(true);
    const freshSession = () => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    // No await before signIn: the popup must open inside the click.
    void signIn({
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints,
      returnTo: currentReturnTo(window.location),
      host: browserHost(),
      assign: (url) => window.location.assign(url),
      isSignedIn: async () => (await freshSession()).state !== 'signed-out',
    })
      .then(async (outcome) => {
        if (outcome.kind === 'redirecting') return; // the page is leaving
        if (outcome.kind === 'error') {
          console.error(`Sign-in failed (${outcome.code}):`, outcome.message);
          showAuthError(outcome.message);
        } else {
          const state = authStateOf(await freshSession());
          const to = redirectAfterSignIn(state, 'popup', router.state.location.pathname);
          if (to !== null) await router.navigate({ href: to });
        }
        setPending(false);
      })
      .catch((err: unknown) => {
        console.error('Sign-in failed:', err);
        showAuthError('Sign-in failed. Please try again.');
        setPending(false);
      });
  }, [queryClient, router]);

  return { start, pending };
}
