import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_TIMEOUT_MS } from '#domain/auth/sign-in-flow.ts';
import { POPUP_CLOSE_GRACE_MS, SIGN_IN_MESSAGE_TYPE, currentReturnTo, signIn, type PopupHost, type SignInDeps } from '../../../web/src/features/auth/sign-in.ts';
import { DESKTOP_USER_AGENTS, MOBILE_USER_AGENTS } from '../auth/user-agents.ts';

const ORIGIN = 'https://shieldline.test';

class FakePopup {
  closed = false;
  close = vi.fn(() => {
    this.closed = true;
  });
}

/** A window that opens `popup` (null = blocked) and can be sent messages. */
function fakeHost(popup: FakePopup | null) {
  const target = new EventTarget();
  const host = {
    origin: ORIGIN,
    open: vi.fn((_url: string) => popup),
    addEventListener: (type: 'message', l: (e: MessageEvent) => void) => target.addEventListener(type, l as EventListener),
    removeEventListener: (type: 'message', l: (e: MessageEvent) => void) => target.removeEventListener(type, l as EventListener),
    post: (data: unknown, origin = ORIGIN) => target.dispatchEvent(new MessageEvent('message', { data, origin })),
  } satisfies PopupHost & Record<string, unknown>;
  return host;
}

function deps(host: PopupHost, overrides: Partial<SignInDeps> = {}) {
  return {
    userAgent: DESKTOP_USER_AGENTS['Windows Chrome']!,
    maxTouchPoints: 0,
    returnTo: '/services',
    host,
    assign: vi.fn<(url: string) => void>(),
    isSignedIn: vi.fn(async () => false),
    ...overrides,
  };
}

const REDIRECT_URL = '/api/auth/login?mode=redirect&returnTo=%2Fservices';

describe('signing in from the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('[R-AUTH-9] a desktop opens the login in a popup; phones and tablets go by full-page redirect', async () => {
    const popup = new FakePopup();
    const host = fakeHost(popup);
    const d = deps(host);
    const pending = signIn(d);
    expect(host.open).toHaveBeenCalledWith('/api/auth/login?mode=popup&returnTo=%2Fservices');
    host.post({ type: SIGN_IN_MESSAGE_TYPE, result: 'signed-in' });
    await expect(pending).resolves.toEqual({ kind: 'signed-in' });
    expect(d.assign).not.toHaveBeenCalled();

    for (const ua of [MOBILE_USER_AGENTS['iPhone']!, MOBILE_USER_AGENTS['Android tablet (no "Mobile")']!]) {
      const mobileHost = fakeHost(new FakePopup());
      const m = deps(mobileHost, { userAgent: ua });
      await expect(signIn(m)).resolves.toEqual({ kind: 'redirecting' });
      expect(mobileHost.open).not.toHaveBeenCalled();
      expect(m.assign).toHaveBeenCalledWith(REDIRECT_URL);
    }
  });

  it('[R-AUTH-10] a blocked popup falls back to the redirect flow', async () => {
    const host = fakeHost(null);
    const d = deps(host);
    await expect(signIn(d)).resolves.toEqual({ kind: 'redirecting' });
    expect(host.open).toHaveBeenCalledTimes(1);
    expect(d.assign).toHaveBeenCalledWith(REDIRECT_URL);
  });

  it('[R-AUTH-10] a popup closed by the user before signing in falls back to the redirect flow', async () => {
    const popup = new FakePopup();
    const d = deps(fakeHost(popup));
    const pending = signIn(d);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(d.assign).not.toHaveBeenCalled();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1_000 + POPUP_CLOSE_GRACE_MS);
    await expect(pending).resolves.toEqual({ kind: 'redirecting' });
    expect(d.isSignedIn).toHaveBeenCalled();
    expect(d.assign).toHaveBeenCalledWith(REDIRECT_URL);
  });

  it('[R-AUTH-10] a popup that closed after signing in (no message reached us) counts as signed in', async () => {
    const popup = new FakePopup();
    const d = deps(fakeHost(popup), { isSignedIn: vi.fn(async () => true) });
    const pending = signIn(d);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1_000 + POPUP_CLOSE_GRACE_MS);
    await expect(pending).resolves.toEqual({ kind: 'signed-in' });
    expect(d.assign).not.toHaveBeenCalled();
  });

  it('[R-AUTH-10] a message sent just before the popup closed still wins over the close', async () => {
    const popup = new FakePopup();
    const host = fakeHost(popup);
    const d = deps(host);
    const pending = signIn(d);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(300);
    host.post({ type: SIGN_IN_MESSAGE_TYPE, result: 'signed-in' });
    await vi.advanceTimersByTimeAsync(POPUP_CLOSE_GRACE_MS);
    await expect(pending).resolves.toEqual({ kind: 'signed-in' });
    expect(d.isSignedIn).not.toHaveBeenCalled();
  });

  it('[R-AUTH-10] other sign-in errors do not fall back: they come back to be logged and shown', async () => {
    const popup = new FakePopup();
    const host = fakeHost(popup);
    const d = deps(host);
    const pending = signIn(d);
    host.post({ type: SIGN_IN_MESSAGE_TYPE, result: 'error', error: 'The sign-in was cancelled.' });
    await expect(pending).resolves.toEqual({ kind: 'error', code: 'provider-error', message: 'The sign-in was cancelled.' });
    expect(d.assign).not.toHaveBeenCalled();
  });

  it('[R-AUTH-10] messages from another origin or of another kind are ignored', async () => {
    const popup = new FakePopup();
    const host = fakeHost(popup);
    const pending = signIn(deps(host));
    let settled = false;
    void pending.then(() => (settled = true));
    host.post({ type: SIGN_IN_MESSAGE_TYPE, result: 'signed-in' }, 'https://evil.example');
    host.post({ type: 'something-else', result: 'signed-in' });
    host.post('signed-in');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toBe(false);
    host.post({ type: SIGN_IN_MESSAGE_TYPE, result: 'signed-in' });
    await expect(pending).resolves.toEqual({ kind: 'signed-in' });
  });

  it('[R-AUTH-13] no time limit while the popup stays open (a slow password or second factor is not cut off); the server’s network time-out comes back as an error', async () => {
    const popup = new FakePopup();
    const host = fakeHost(popup);
    const d = deps(host);
    const pending = signIn(d);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(SIGN_IN_TIMEOUT_MS.redirect * 10);
    expect(settled).toBe(false);
    expect(popup.close).not.toHaveBeenCalled();
    const message = 'The identity service did not answer within 30 s; please try again.';
    host.post({ type: SIGN_IN_MESSAGE_TYPE, result: 'error', error: message });
    await expect(pending).resolves.toEqual({ kind: 'error', code: 'provider-error', message });
    expect(d.assign).not.toHaveBeenCalled();
  });

  it('returnTo is the current path and search, or home when the server would refuse it', () => {
    expect(currentReturnTo({ pathname: '/admin/employees', search: '?tab=hours' })).toBe('/admin/employees?tab=hours');
    expect(currentReturnTo({ pathname: '//evil.example', search: '' })).toBe('/');
    expect(currentReturnTo({ pathname: `/${'a'.repeat(600)}`, search: '' })).toBe('/');
  });
});
