import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { SESSION_CACHE_MS } from '../../src/adapters/documents/document-session-store.ts';

/**
 * Each instance answers a session from memory for up to SESSION_CACHE_MS (issue 16). Revocation
 * must not wait for it on the instance that revoked, and must take at most that long elsewhere.
 */
describe('the per-instance session cache', () => {
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  beforeAll(async () => {
    a = await listenTestApp();
    b = await listenTestApp({ DATA_DIR: a.dataDir });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The same browser's cookies replayed by another client (as a stolen or kept cookie would be). */
  const replay = (from: TestClient, url: string) => {
    const c = new TestClient(url);
    c.setCookies(from.cookieHeader());
    return c;
  };

  it('refuses a signed-out session on the same instance at once, though it was just read', async () => {
    const admin = await TestClient.signedIn(a.url, DEMO.admin);
    const kept = replay(admin, a.url);
    expect((await kept.get('/api/clients')).status).toBe(200);
    expect((await admin.send('POST', '/api/auth/logout')).status).toBe(204);
    expect((await kept.get('/api/clients')).status).toBe(401);
  });

  it('refuses a cookie whose signature was changed, after the genuine one was accepted', async () => {
    const admin = await TestClient.signedIn(a.url, DEMO.admin);
    expect((await admin.get('/api/clients')).status).toBe(200);
    const sid = /(?:^|; )sid=([^;]+)/.exec(admin.cookieHeader())![1]!;
    const forged = new TestClient(a.url);
    forged.setCookies(`sid=${sid.slice(0, -3)}${sid.endsWith('AAA') ? 'BBB' : 'AAA'}`);
    expect((await forged.get('/api/clients')).status).toBe(401);
    expect((await admin.get('/api/clients')).status).toBe(200);
  });

  it('applies a deactivation on the employee’s very next request while her session is cached', async () => {
    const maria = await TestClient.signedIn(a.url, DEMO.employee);
    const admin = await TestClient.signedIn(a.url, DEMO.admin);
    expect((await maria.get('/api/clients')).status).toBe(200);
    expect((await admin.send('POST', '/api/employees/emp-maria/deactivate')).status).toBe(200);
    try {
      expect((await maria.get('/api/clients')).status).toBe(403);
    } finally {
      expect((await admin.send('PATCH', '/api/employees/emp-maria', { employmentStatus: 'active' })).status).toBe(200);
    }
    expect((await maria.get('/api/clients')).status).toBe(200);
  });

  it(`refuses a session signed out through another instance within ${SESSION_CACHE_MS} ms`, async () => {
    const viaA = await TestClient.signedIn(a.url, DEMO.admin);
    const viaB = replay(viaA, b.url);
    expect((await viaB.get('/api/clients')).status).toBe(200);
    expect((await viaA.send('POST', '/api/auth/logout')).status).toBe(204);
    const signedOutAt = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - signedOutAt < SESSION_CACHE_MS + 1000) {
      status = (await viaB.get('/api/clients')).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
    expect(performance.now() - signedOutAt).toBeLessThan(SESSION_CACHE_MS + 250);
  });
});
