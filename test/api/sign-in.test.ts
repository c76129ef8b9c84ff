import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';

describe('sign-in through the embedded OpenID provider over plain HTTP', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp();
  });
  afterAll(() => t.close());

  const session = async (c: TestClient) => (await c.get('/api/session')).json() as Promise<{ state: string; user: { id: string; name: string } | null; permissions: Record<string, boolean> }>;

  it('[R-AUTH-1] [R-AUTH-2] [R-AUTH-5] an admin signs in with the full code flow and gets every permission', async () => {
    const c = new TestClient(t.url);
    const done = await c.signIn(DEMO.admin);
    expect(done.status).toBe(200);
    const s = await session(c);
    expect(s.state).toBe('admin');
    expect(s.user).toMatchObject({ id: DEMO.admin, name: 'Frank Miller' });
    expect(Object.values(s.permissions).every(Boolean)).toBe(true);
  });

  it('[R-AUTH-6] an active employee gets the permissions of their record, the rest false', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.employee);
    const s = await session(c);
    expect(s.state).toBe('employee');
    expect(s.permissions).toMatchObject({ viewClients: true, editClients: false, viewJobs: true, editJobs: true, viewInvoices: false });
  });

  it('[R-AUTH-4] [R-AUTH-7] an inactive employee and an ordinary user have no permissions', async () => {
    for (const sub of [DEMO.inactive, DEMO.other]) {
      const c = new TestClient(t.url);
      await c.signIn(sub);
      const s = await session(c);
      expect(s.state).toBe('other');
      expect(Object.values(s.permissions).some(Boolean)).toBe(false);
    }
  });

  it('rotates the session id at sign-in', async () => {
    const c = new TestClient(t.url);
    await c.get('/api/auth/login?mode=redirect'); // starts a pre-sign-in session
    const before = c.cookieHeader().match(/sid=([^;]+)/)?.[1];
    expect(before).toBeDefined();
    await c.signIn(DEMO.admin);
    const after = c.cookieHeader().match(/sid=([^;]+)/)?.[1];
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  it('[R-AUTH-12] sign-out ends the server session: the old cookie is refused afterwards', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);
    const oldCookies = c.cookieHeader();
    expect((await c.send('POST', '/api/auth/logout')).status).toBe(204);
    const replay = new TestClient(t.url);
    replay.setCookies(oldCookies);
    expect((await session(replay)).state).toBe('signed-out');
  });

  it('[R-AUTH-11] the redirect result is reported once, then cleared', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin, 'redirect');
    expect(await (await c.get('/api/auth/redirect-result')).json()).toEqual({ result: 'signed-in' });
    expect(await (await c.get('/api/auth/redirect-result')).json()).toEqual({ result: 'none' });
  });

  it('[R-AUTH-11] a cancelled sign-in is reported as an error and leaves the user signed out', async () => {
    const c = new TestClient(t.url);
    await c.signIn('');
    expect((await session(c)).state).toBe('signed-out');
    const r = (await (await c.get('/api/auth/redirect-result')).json()) as { result: string; error: string };
    expect(r.result).toBe('error');
    expect(r.error).toMatch(/cancelled/);
  });

  it('a callback without a sign-in started here is refused', async () => {
    const c = new TestClient(t.url);
    const res = await c.follow('/api/auth/callback?code=forged&state=forged');
    expect(res.status).toBe(200);
    expect((await session(c)).state).toBe('signed-out');
    expect(((await (await c.get('/api/auth/redirect-result')).json()) as { result: string }).result).toBe('error');
  });

  it('a popup sign-in answers with the page that tells the opener', async () => {
    const c = new TestClient(t.url);
    const res = await c.signIn(DEMO.admin, 'popup');
    const html = await res.text();
    expect(html).toContain('data-result="signed-in"');
    expect(html).toContain('<script src="/api/auth/popup-done.js"></script>');
    expect((await session(c)).state).toBe('admin');
  });
});
