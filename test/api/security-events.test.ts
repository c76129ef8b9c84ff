import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aSecret, logCapture } from '../support/log-capture.ts';

describe('security events are logged, structured and without secrets', () => {
  const log = logCapture();
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: log.stream });
  });
  afterAll(() => t.close());

  const events = (name: string) => log.lines().filter((e) => e['security'] === name);

  const cookieValues = (c: TestClient) => c.cookieHeader().split('; ').filter(Boolean).map((p) => p.slice(p.indexOf('=') + 1));

  it('a callback no sign-in started here is refused and logged as "sign-in failed", without the code or state', async () => {
    const c = new TestClient(t.url);
    await c.csrfToken(); // the browser has a session cookie already
    const code = aSecret();
    const state = aSecret();
    const res = await c.get(`/api/auth/callback?code=${code}&state=${state}`);
    expect(res.status).toBe(302);
    expect((await (await c.get('/api/auth/redirect-result')).json()) as object).toMatchObject({ result: 'error' });
    expect((await (await c.get('/api/session')).json()) as object).not.toHaveProperty('user.id');

    const [event, ...more] = events('sign-in failed');
    expect(more).toEqual([]);
    expect(event).toMatchObject({ level: 40, method: 'GET', url: '/api/auth/callback', ip: '127.0.0.1', userId: null, reason: expect.stringMatching(/not started here/) });
    const text = JSON.stringify(event);
    for (const secret of [code, state, ...cookieValues(c)]) {
      expect(text).not.toContain(secret);
      expect(log.text()).not.toContain(secret);
    }
  });

  it('an employee calling an admin-only route gets 403, logged as "access denied" with who and what', async () => {
    const maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    const res = await maria.get('/api/employees');
    expect(res.status).toBe(403);

    const denied = events('access denied');
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({ level: 40, method: 'GET', url: '/api/employees', userId: DEMO.employee, state: 'employee' });
    expect(denied[0]).toHaveProperty('need');
    const csrf = await maria.csrfToken();
    for (const secret of [csrf, ...cookieValues(maria)]) expect(log.text()).not.toContain(secret);
  });
});
