import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenTestApp, type ListeningTestApp, type TestApp } from '../support/app.ts';
import { TestClient, expectJson } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import type { SessionResponse } from '../../src/contracts/session.ts';

describe('small session and rate-limit answers (issue 15, finding 15)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('anonymous GET /api/session is never stored by a cache (it carries the CSRF token)', async () => {
    const res = await t.app.inject('/api/session');
    expect(res.statusCode).toBe(200);
    expect(res.json<SessionResponse>().state).toBe('signed-out');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('every 429 from a rate limit answers in the product’s error shape with a message a person can read', async () => {
    const login = async () => t.app.inject('/api/auth/login?mode=redirect&returnTo=/');
    let res = await login();
    for (let i = 0; i < 40 && res.statusCode !== 429; i++) res = await login();
    expect(res.statusCode).toBe(429);
    const body = res.json<ApiError>();
    expect(body.error.code).toBe('rate-limited');
    expect(body.error.message).toMatch(/^Too many requests; try again in \d+ s\.$/);
    expect(res.headers['retry-after']).toBeDefined();

    let review = await t.post('/api/reviews', {});
    for (let i = 0; i < 10 && review.statusCode !== 429; i++) review = await t.post('/api/reviews', {});
    expect(review.statusCode).toBe(429);
    expect(review.json<ApiError>().error).toEqual({ code: 'rate-limited', message: expect.stringMatching(/^Too many requests; try again in \d+ s\.$/) });
  });
});

describe('POST /api/auth/logout (issue 15, finding 15)', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp();
  });
  afterAll(() => t.close());

  it('clears the session cookie in the browser as well as ending the session', async () => {
    const c = await TestClient.signedIn(t.url, DEMO.admin);
    expect(c.hasCookie('sid')).toBe(true);
    const res = await c.send('POST', '/api/auth/logout');
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie().find((line) => line.startsWith('sid='));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect(cleared).toMatch(/Path=\//);
    expect(c.hasCookie('sid')).toBe(false);
    expect((await expectJson<SessionResponse>(await c.get('/api/session'), 200)).state).toBe('signed-out');
  });
});
