import { describe, expect, it } from 'vitest';
import { resolveAuthState, type AuthState } from '../../../src/domain/auth/permissions.ts';
import {
  AVATAR_REFRESH_MS,
  avatarFallback,
  photoNeedsRefresh,
  redirectAfterSignIn,
  shouldFallBackToRedirect,
  signInMethod,
  SIGN_IN_TIMEOUT_MS,
  type AvatarView,
  type SignInFlow,
} from '../../../src/domain/auth/sign-in-flow.ts';
import { aUser, adminIds, anEmployee } from './factories.ts';
import { DESKTOP_USER_AGENTS, IPADOS_DESKTOP_MODE, MOBILE_USER_AGENTS } from './user-agents.ts';

function states() {
  const ids = adminIds();
  const worker = aUser();
  const formerWorker = aUser();
  return {
    admin: resolveAuthState(aUser({ id: ids[0] }), ids, null),
    employee: resolveAuthState(worker, ids, anEmployee(worker.email ?? '')),
    inactiveEmployee: resolveAuthState(formerWorker, ids, anEmployee(formerWorker.email ?? '', { employmentStatus: 'inactive' })),
    other: resolveAuthState(aUser(), ids, null),
    signedOut: resolveAuthState(null, ids, null),
  } satisfies Record<string, AuthState>;
}

describe('signInMethod', () => {
  it('[R-AUTH-9] phones and tablets sign in by redirect', () => {
    for (const [name, ua] of Object.entries(MOBILE_USER_AGENTS)) expect(signInMethod(ua), name).toBe('redirect');
  });

  it('[R-AUTH-9] desktops sign in through a popup', () => {
    for (const [name, ua] of Object.entries(DESKTOP_USER_AGENTS)) expect(signInMethod(ua), name).toBe('popup');
    expect(signInMethod(undefined)).toBe('popup');
  });

  it('[R-AUTH-9] an iPad in desktop mode is told apart by its touch points', () => {
    expect(signInMethod(IPADOS_DESKTOP_MODE, { maxTouchPoints: 5 })).toBe('redirect');
    expect(signInMethod(IPADOS_DESKTOP_MODE, { maxTouchPoints: 0 })).toBe('popup');
    expect(signInMethod(IPADOS_DESKTOP_MODE)).toBe('popup');
    // Touch-screen Windows laptops stay on the popup.
    expect(signInMethod(DESKTOP_USER_AGENTS['Windows Chrome'], { maxTouchPoints: 10 })).toBe('popup');
  });
});

describe('SIGN_IN_TIMEOUT_MS', () => {
  it('[R-AUTH-13] the identity network time-out is 30 s on desktop (popup) and 60 s on mobile (redirect)', () => {
    expect(SIGN_IN_TIMEOUT_MS[signInMethod(DESKTOP_USER_AGENTS['Windows Chrome'])]).toBe(30_000);
    expect(SIGN_IN_TIMEOUT_MS[signInMethod(MOBILE_USER_AGENTS.iPhone)]).toBe(60_000);
  });
});

describe('shouldFallBackToRedirect', () => {
  it('[R-AUTH-10] a blocked or user-closed popup falls back to the redirect; other errors do not', () => {
    const cases: { code: string | null; fallBack: boolean }[] = [
      { code: 'popup-blocked', fallBack: true },
      { code: 'popup-closed-by-user', fallBack: true },
      { code: 'auth/popup-blocked', fallBack: true },
      { code: 'auth/popup-closed-by-user', fallBack: true },
      { code: 'auth/cancelled-popup-request', fallBack: false },
      { code: 'auth/network-request-failed', fallBack: false },
      { code: 'access_denied', fallBack: false },
      { code: 'popup-blocked-by-policy', fallBack: false },
      { code: '', fallBack: false },
      { code: null, fallBack: false },
    ];
    for (const c of cases) expect(shouldFallBackToRedirect(c.code), String(c.code)).toBe(c.fallBack);
  });
});

describe('redirectAfterSignIn', () => {
  type Row = { state: keyof ReturnType<typeof states>; flow: SignInFlow; path: string; to: string | null };
  const check = (rows: Row[]) => {
    const s = states();
    for (const r of rows) expect(redirectAfterSignIn(s[r.state], r.flow, r.path), JSON.stringify(r)).toBe(r.to);
  };

  it('[R-RED-1] a signed-in admin arriving on / goes to /admin, and is left alone elsewhere', () => {
    check([
      { state: 'admin', flow: 'arrival', path: '/', to: '/admin' },
      { state: 'admin', flow: 'arrival', path: '', to: '/admin' },
      { state: 'admin', flow: 'arrival', path: '/services', to: null },
      { state: 'admin', flow: 'arrival', path: '/admin/jobs', to: null },
    ]);
  });

  it('[R-RED-2] a signed-in active employee on / goes to /employee-dashboard; inactive ones stay', () => {
    check([
      { state: 'employee', flow: 'arrival', path: '/', to: '/employee-dashboard' },
      { state: 'employee', flow: 'popup', path: '/', to: '/employee-dashboard' },
      { state: 'employee', flow: 'redirect', path: '/', to: '/employee-dashboard' },
      { state: 'employee', flow: 'arrival', path: '/reviews', to: null },
      { state: 'inactiveEmployee', flow: 'arrival', path: '/', to: null },
    ]);
  });

  it('[R-RED-3] after a completed popup sign-in an admin goes to /admin from anywhere', () => {
    check([
      { state: 'admin', flow: 'popup', path: '/', to: '/admin' },
      { state: 'admin', flow: 'popup', path: '/quote', to: '/admin' },
      { state: 'admin', flow: 'popup', path: '/admin', to: null },
      { state: 'other', flow: 'popup', path: '/quote', to: null },
    ]);
  });

  it('[R-RED-4] after a redirect sign-in an admin goes to /admin; other users stay on home', () => {
    check([
      { state: 'admin', flow: 'redirect', path: '/', to: '/admin' },
      { state: 'admin', flow: 'redirect', path: '/support', to: '/admin' },
      { state: 'other', flow: 'redirect', path: '/', to: null },
      { state: 'inactiveEmployee', flow: 'redirect', path: '/', to: null },
      { state: 'signedOut', flow: 'redirect', path: '/', to: null },
    ]);
  });

  it('an admin who signed in from a back-office page (its returnTo) stays on it, whichever the flow', () => {
    check([
      { state: 'admin', flow: 'redirect', path: '/admin/invoices', to: null },
      { state: 'admin', flow: 'popup', path: '/admin/clients/c-1', to: null },
      { state: 'admin', flow: 'redirect', path: '/administrator', to: '/admin' },
      { state: 'admin', flow: 'redirect', path: '/employee-dashboard', to: '/admin' },
    ]);
  });
});

describe('avatarFallback', () => {
  it('[R-NAV-9] photo, else initials of up to two words, else a generic icon; a failed photo falls back', () => {
    const photo = 'https://lh3.googleusercontent.com/a/abc=s96-c';
    const cases: { name: string | null; photo: string | null; failed?: boolean; view: AvatarView }[] = [
      { name: 'Jordan Miles', photo, view: { kind: 'photo', url: photo } },
      { name: 'Jordan Miles', photo: '/api/files/avatar-1', view: { kind: 'photo', url: '/api/files/avatar-1' } },
      { name: 'Jordan Miles', photo, failed: true, view: { kind: 'initials', initials: 'JM' } },
      { name: 'Jordan Miles', photo: null, view: { kind: 'initials', initials: 'JM' } },
      { name: 'jordan lee miles', photo: '', view: { kind: 'initials', initials: 'JL' } },
      { name: '  Cher  ', photo: null, view: { kind: 'initials', initials: 'C' } },
      { name: 'Mary-Jane (MJ) Watson', photo: null, view: { kind: 'initials', initials: 'MM' } },
      { name: 'émile zola', photo: null, view: { kind: 'initials', initials: 'ÉZ' } },
      { name: '— Ada', photo: null, view: { kind: 'initials', initials: 'A' } },
      { name: '   ', photo: null, view: { kind: 'icon' } },
      { name: null, photo: null, view: { kind: 'icon' } },
      { name: null, photo, failed: true, view: { kind: 'icon' } },
      // Unsafe or odd URLs are never used as an image source.
      { name: 'Jordan Miles', photo: 'javascript:alert(1)', view: { kind: 'initials', initials: 'JM' } },
      { name: 'Jordan Miles', photo: '//evil.example/x.png', view: { kind: 'initials', initials: 'JM' } },
    ];
    for (const c of cases) {
      expect(avatarFallback(c.name, c.photo, { photoFailed: c.failed ?? false }), JSON.stringify(c)).toEqual(c.view);
    }
  });
});

describe('photoNeedsRefresh', () => {
  it('[R-AUTH-14] the avatar photo refresh marker lasts 300 s', () => {
    const t = Date.UTC(2026, 10, 22, 9, 0, 0);
    expect(AVATAR_REFRESH_MS).toBe(300_000);
    const cases: { marker: number | undefined; now: number; refresh: boolean }[] = [
      { marker: undefined, now: t, refresh: true },
      { marker: t, now: t, refresh: false },
      { marker: t, now: t + 299_999, refresh: false },
      { marker: t, now: t + 300_000, refresh: true },
      { marker: t, now: t + 3_600_000, refresh: true },
      { marker: t + 10_000, now: t, refresh: true },
      { marker: Number.NaN, now: t, refresh: true },
    ];
    for (const c of cases) expect(photoNeedsRefresh(c.marker, c.now), JSON.stringify(c)).toBe(c.refresh);
  });
});
