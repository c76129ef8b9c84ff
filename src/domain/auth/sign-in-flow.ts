/**
 * The pure decisions around signing in (SPEC §2, §7, §8, §9): popup or redirect, how long to
 * wait, when a popup failure falls back to the redirect, where to go afterwards, and what the
 * avatar shows.
 */
import type { AuthState } from './permissions.ts';
import { isMobileUserAgent, type DeviceHints } from './user-agent.ts';

export type SignInMethod = 'popup' | 'redirect';

/** R-AUTH-9: desktop signs in through a popup; phones and tablets through a full-page redirect. */
export const signInMethod = (userAgent: string | null | undefined, hints: DeviceHints = {}): SignInMethod =>
  isMobileUserAgent(userAgent, hints) ? 'redirect' : 'popup';

/**
 * R-AUTH-13: the identity network time-out, 30 s desktop, 60 s mobile, by sign-in method (the
 * method stands for the device: desktop → popup; a desktop that fell back to the redirect gets
 * the longer limit, which only errs on patience). It limits the server's calls to the identity
 * service during a sign-in (token exchange, key set), not the time a person takes to sign in.
 */
export const SIGN_IN_TIMEOUT_MS = { popup: 30_000, redirect: 60_000 } as const satisfies Record<SignInMethod, number>;

/** The popup failures that fall back to the redirect flow (R-AUTH-10). */
export const POPUP_FALLBACK_CODES = ['popup-blocked', 'popup-closed-by-user'] as const;

/**
 * R-AUTH-10: true for a blocked popup or one the user closed; any other error is logged and
 * shown instead. Accepts codes with or without an `auth/` prefix.
 */
export function shouldFallBackToRedirect(errorCode: string | null | undefined): boolean {
  const code = (errorCode ?? '').trim().replace(/^auth\//, '');
  return (POPUP_FALLBACK_CODES as readonly string[]).includes(code);
}

/**
 * How the app got to a signed-in state: `arrival` (already signed in, the app loads or
 * navigates), `popup` (a popup sign-in just completed), `redirect` (the redirect result was
 * read at app start).
 */
export type SignInFlow = 'arrival' | 'popup' | 'redirect';

const isHome = (path: string): boolean => path === '' || path === '/';
const isBackOffice = (path: string): boolean => path === '/admin' || path.startsWith('/admin/');

/**
 * Where to send the user, or null to stay (R-RED-1..4).
 * - An admin goes to /admin on arrival on / (R-RED-1) and after any sign-in (R-RED-3, R-RED-4).
 * - An active employee on / goes to /employee-dashboard (R-RED-2), whatever the flow.
 * - Everyone else stays where they are: after a redirect sign-in that is home (R-RED-4).
 * - A back-office page the sign-in started from (/admin/invoices?invoice=…, its `returnTo`) is
 *   where an admin meant to go: they stay on it rather than land on the dashboard.
 */
export function redirectAfterSignIn(state: AuthState, flow: SignInFlow, currentPath: string): string | null {
  const onHome = isHome(currentPath);
  const go = (target: string) => (currentPath === target ? null : target);
  switch (state.kind) {
    case 'admin':
      return onHome || (flow !== 'arrival' && !isBackOffice(currentPath)) ? go('/admin') : null;
    case 'employee':
      return onHome ? '/employee-dashboard' : null;
    case 'other':
    case 'signed-out':
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Avatar (R-NAV-9, R-AUTH-14)

export type AvatarView = { kind: 'photo'; url: string } | { kind: 'initials'; initials: string } | { kind: 'icon' };

/** Only web and same-origin photos; anything else (javascript:, data:, blank) is not shown. */
const SAFE_PHOTO_URL = /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

/** First letter or digit of each of the first two words that have one, upper-cased. */
export function initialsOf(displayName: string | null | undefined): string {
  const words = (displayName ?? '').trim().split(/\s+/u);
  const firsts = words.map((w) => w.match(/[\p{L}\p{N}]/u)?.[0]).filter((c): c is string => c !== undefined);
  return firsts.slice(0, 2).join('').toLocaleUpperCase();
}

/**
 * R-NAV-9: the photo; else initials of up to two words of the display name; else a generic icon.
 * `photoFailed` is set by the UI when the image did not load, which shows the fallback.
 */
export function avatarFallback(
  displayName: string | null | undefined,
  photoUrl: string | null | undefined,
  options: { photoFailed?: boolean } = {},
): AvatarView {
  const url = (photoUrl ?? '').trim();
  if (!options.photoFailed && SAFE_PHOTO_URL.test(url)) return { kind: 'photo', url };
  const initials = initialsOf(displayName);
  return initials === '' ? { kind: 'icon' } : { kind: 'initials', initials };
}

/** R-AUTH-14: the avatar photo refresh marker lives 300 s. */
export const AVATAR_REFRESH_MS = 300_000;

/**
 * True when the photo should be fetched again: no marker, a marker 300 s old or more, or a
 * marker from the future (the clock moved back; waiting on it could take arbitrarily long).
 */
export function photoNeedsRefresh(markerTime: number | null | undefined, now: number): boolean {
  if (markerTime == null || !Number.isFinite(markerTime)) return true;
  return now < markerTime || now - markerTime >= AVATAR_REFRESH_MS;
}
