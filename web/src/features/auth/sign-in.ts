/**
 * Starting a sign-in from the browser (R-AUTH-9, R-AUTH-10, R-AUTH-13). Desktop opens the
 * server's login in a popup and waits for its `shieldline:sign-in` message; phones and tablets,
 * and desktops whose popup was blocked or closed, go through a full-page redirect instead. The
 * decisions themselves are the domain's (sign-in-flow.ts); this file only wires them to windows.
 */
import { shouldFallBackToRedirect, signInMethod, type SignInMethod } from '#domain/auth/sign-in-flow.ts';

export const SIGN_IN_MESSAGE_TYPE = 'shieldline:sign-in';

/** After the popup closes, how long a message it sent on its way out may still take to arrive. */
export const POPUP_CLOSE_GRACE_MS = 400;
const POPUP_POLL_MS = 250;

export function loginUrl(mode: SignInMethod, returnTo: string): string {
  return `/api/auth/login?${new URLSearchParams({ mode, returnTo }).toString()}`;
}

/** The current page as a `returnTo` the server accepts (a path on this site, ≤ 500 chars). */
export function currentReturnTo(location: Pick<Location, 'pathname' | 'search'>): string {
  const path = `${location.pathname}${location.search}`;
  return /^\/(?!\/)[^\s\\]*$/.test(path) && path.length <= 500 ? path : '/';
}

export interface PopupHandle {
  readonly closed: boolean;
  close(): void;
}

/** The window the popup is opened from; `window` in the app, a fake in tests. */
export interface PopupHost {
  readonly origin: string;
  /** `window.open`; null when the browser blocked the popup. */
  open(url: string): PopupHandle | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export type PopupFailure = 'popup-blocked' | 'popup-closed-by-user' | 'provider-error';
export type PopupResult = { kind: 'signed-in' } | { kind: 'failed'; code: PopupFailure; message: string };

interface SignInMessage {
  type: typeof SIGN_IN_MESSAGE_TYPE;
  result: string;
  error?: string;
}

const isSignInMessage = (data: unknown): data is SignInMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SIGN_IN_MESSAGE_TYPE;

/**
 * Opens the login popup and settles with its outcome: the popup's message (same origin only),
 * blocked, or closed before it answered.
 *
 * No time limit while the popup stays open: the person may take minutes over a password or a
 * second factor. R-AUTH-13's time-out is on the network: the server cuts off its calls to the
 * identity service (30 s for a popup) and the popup then reports that error. A popup the person
 * gave up on is closed by them, which falls back to the redirect (R-AUTH-10).
 */
export function runPopup(host: PopupHost, url: string): Promise<PopupResult> {
  const popup = host.open(url);
  if (popup === null) {
    return Promise.resolve({ kind: 'failed', code: 'popup-blocked', message: 'The sign-in window was blocked by the browser.' });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PopupResult) => {
      if (settled) return;
      settled = true;
      host.removeEventListener('message', onMessage);
      clearInterval(poll);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== host.origin || !isSignInMessage(event.data)) return;
      if (event.source != null && (event.source as unknown) !== popup) return;
      const { result, error } = event.data;
      finish(
        result === 'signed-in'
          ? { kind: 'signed-in' }
          : { kind: 'failed', code: 'provider-error', message: error !== undefined && error !== '' ? error : 'Sign-in failed.' },
      );
    };
    host.addEventListener('message', onMessage);
    const poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll);
      setTimeout(
        () => finish({ kind: 'failed', code: 'popup-closed-by-user', message: 'The sign-in window was closed before signing in finished.' }),
        POPUP_CLOSE_GRACE_MS,
      );
    }, POPUP_POLL_MS);
  });
}

export interface SignInDeps {
  userAgent: string;
  maxTouchPoints: number;
  returnTo: string;
  host: PopupHost;
  /** Full-page navigation (`location.assign`). */
  assign(url: string): void;
  /**
   * Whether the server now has a session. A popup whose opener link was cut (cross-origin
   * providers can do that) finishes without a message; the session tells it apart from a
   * popup the user really closed.
   */
  isSignedIn(): Promise<boolean>;
}

export type SignInOutcome = { kind: 'signed-in' } | { kind: 'redirecting' } | { kind: 'error'; code: PopupFailure; message: string };

/** One press of the sign-in button. Must be called from the click itself, so the popup is allowed. */
export async function signIn(deps: SignInDeps): Promise<SignInOutcome> {
  const redirect = (): SignInOutcome => {
    deps.assign(loginUrl('redirect', deps.returnTo));
    return { kind: 'redirecting' };
  };
  if (signInMethod(deps.userAgent, { maxTouchPoints: deps.maxTouchPoints }) === 'redirect') return redirect();
  const result = await runPopup(deps.host, loginUrl('popup', deps.returnTo));
  if (result.kind === 'signed-in') return result;
  if (result.code === 'popup-closed-by-user' && (await deps.isSignedIn().catch(() => false))) return { kind: 'signed-in' };
  if (shouldFallBackToRedirect(result.code)) return redirect();
  return { kind: 'error', code: result.code, message: result.message };
}
