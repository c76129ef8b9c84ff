import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import { PassThrough } from 'node:stream';
import type { EmployeeRepository } from '../../src/domain/auth/employee-repository.ts';

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

  it('[R-AUTH-11] overlapping requests do not bring the redirect result back (no stale session writes)', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin, 'redirect');
    const [first] = await Promise.all([c.get('/api/auth/redirect-result'), ...Array.from({ length: 8 }, () => c.get('/api/session'))]);
    expect(await first.json()).toEqual({ result: 'signed-in' });
    await Promise.all(Array.from({ length: 4 }, () => c.get('/api/session')));
    expect(await (await c.get('/api/auth/redirect-result')).json()).toEqual({ result: 'none' });
  });

  it('[R-AUTH-12] a request overlapping sign-out cannot revive the session', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);
    const cookies = c.cookieHeader();
    await Promise.all([c.send('POST', '/api/auth/logout'), ...Array.from({ length: 6 }, () => c.get('/api/session'))]);
    const replay = new TestClient(t.url);
    replay.setCookies(cookies);
    expect((await session(replay)).state).toBe('signed-out');
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

describe('session limits', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    // The tests change stored sessions behind the server's back; its memory copy (test/api/session-cache.test.ts) would hide that for up to 2 s.
    t = await listenTestApp({ SESSION_CACHE_MS: '0' });
  });
  afterAll(() => t.close());

  const sessions = () => t.container.resolve(TOKENS.Store).collection<{ data: string; expiresAt: string }>('sessions');
  async function signedInSession() {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);
    const sid = decodeURIComponent(/(?:^|; )sid=([^;]+)/.exec(c.cookieHeader())![1]!).split('.')[0]!;
    expect(await sessions().get(sid)).not.toBeNull();
    return { c, sid };
  }
  const state = async (c: TestClient) => ((await (await c.get('/api/session')).json()) as { state: string }).state;

  it('keeps an active session and pushes its idle expiry forward (8 h by default)', async () => {
    const { c, sid } = await signedInSession();
    const first = Date.parse((await sessions().get(sid))!.expiresAt);
    expect(first - Date.now()).toBeGreaterThan(8 * 3600_000 - 60_000);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await state(c)).toBe('admin');
    expect(Date.parse((await sessions().get(sid))!.expiresAt)).toBeGreaterThan(first);
  });

  it('ends a session idle past its expiry', async () => {
    const { c, sid } = await signedInSession();
    const doc = (await sessions().get(sid))!;
    await sessions().set(sid, { data: doc.data, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(await state(c)).toBe('signed-out');
  });

  it('ends a session 7 days after sign-in however active it was', async () => {
    const { c, sid } = await signedInSession();
    const doc = (await sessions().get(sid))!;
    const data = JSON.parse(doc.data) as { startedAt: number };
    data.startedAt = Date.now() - 7 * 86_400_000 - 1000;
    await sessions().set(sid, { data: JSON.stringify(data), expiresAt: doc.expiresAt });
    expect(await state(c)).toBe('signed-out');
    expect(await sessions().get(sid)).toBeNull();
  });
});

describe('employee lookup failure', () => {
  it('[R-AUTH-8] is logged and the user is treated as no employee', async () => {
    let logs = '';
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (logs += d.toString()));
    const failing: EmployeeRepository = {
      findByEmail: () => Promise.reject(new Error('employees collection unreachable')),
      watchEmail: () => () => {},
    };
    const t = await listenTestApp({ LOG_LEVEL: 'info' }, undefined, {
      logStream: stream,
      override: (token) => (token === TOKENS.Employees ? failing : undefined),
    });
    try {
      const c = new TestClient(t.url);
      await c.signIn(DEMO.employee);
      const s = (await (await c.get('/api/session')).json()) as { state: string; permissions: Record<string, boolean> };
      expect(s.state).toBe('other');
      expect(Object.values(s.permissions).some(Boolean)).toBe(false);
      expect(logs).toContain('employee lookup failed; treating the user as no employee');
    } finally {
      await t.close();
    }
  });
});
