import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aContactRequest } from '../support/factories.ts';
import { TOKENS } from '../../src/container.ts';

describe('security baseline', () => {
  let t: ListeningTestApp;
  let logs = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (logs += d.toString()));
    t = await listenTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: stream });
  });
  afterAll(() => t.close());

  const storedCount = async () => (await t.container.resolve(TOKENS.ContactMessages).list({ limit: 10_000 })).length;
  let ip = 0;
  /** A fresh client address per test, so rate limits of one test don't leak into another. */
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

  describe('CSRF', () => {
    it('refuses a state change without the token and stores nothing', async () => {
      const before = await storedCount();
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: nextIp(), payload: aContactRequest() });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
      expect(await storedCount()).toBe(before);
    });

    it('refuses a token that does not belong to the browser', async () => {
      const mine = new TestClient(t.url);
      const other = new TestClient(t.url);
      const stolen = await other.csrfToken();
      await mine.csrfToken();
      const res = await mine.raw('/api/contact', {
        method: 'POST',
        headers: { origin: t.url, 'x-csrf-token': stolen, 'content-type': 'application/json' },
        body: JSON.stringify(aContactRequest()),
      });
      expect(res.status).toBe(403);
    });

    it('accepts the right token from the same origin', async () => {
      const c = new TestClient(t.url);
      expect((await c.send('POST', '/api/contact', aContactRequest())).status).toBe(201);
    });

    it('refuses a foreign Origin even with a valid token', async () => {
      const c = new TestClient(t.url);
      const before = await storedCount();
      const res = await c.send('POST', '/api/contact', aContactRequest(), { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Cross-site request refused.');
      const crossSite = await c.send('POST', '/api/contact', aContactRequest(), { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.status).toBe(403);
      expect(await storedCount()).toBe(before);
    });

    it('logs the refusal as a security event without the token or cookies', async () => {
      const c = new TestClient(t.url);
      const token = await c.csrfToken();
      await c.send('POST', '/api/contact', aContactRequest(), { origin: 'https://evil.example' });
      const line = logs.split('\n').find((l) => l.includes('"security":"cross-site request refused"'));
      expect(line).toBeDefined();
      expect(line).not.toContain(token);
      for (const cookie of c.cookieHeader().split('; ')) expect(logs).not.toContain(cookie.split('=')[1]);
    });
  });

  describe('rate limits', () => {
    it('answer 429 after 10 contact messages, and a spoofed X-Forwarded-For buys nothing', async () => {
      const c = new TestClient(t.url);
      const address = nextIp();
      const headers = { ...(await csrfHeaders(c)), 'content-type': 'application/json' };
      const post = (extra: Record<string, string> = {}) =>
        t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: address, headers: { ...headers, ...extra }, payload: aContactRequest() });
      for (let i = 0; i < 10; i++) expect((await post()).statusCode).toBe(201);
      const limited = await post();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'rate-limited' } });
      expect((await post({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(429);
    });

    it('answer 429 to a burst of sign-in starts', async () => {
      const address = nextIp();
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await t.app.inject({ url: '/api/auth/login', remoteAddress: address })).statusCode);
      expect(codes.slice(0, 30).every((c) => c === 302)).toBe(true);
      expect(codes[30]).toBe(429);
    });
  });

  it('marks authenticated responses Cache-Control: no-store, public ones cacheable', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);
    expect((await c.get('/api/session')).headers.get('cache-control')).toBe('no-store');
    const anon = new TestClient(t.url);
    expect((await anon.get('/api/site')).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('never answers 5xx or leaks a stack trace to arbitrary bodies on any write route', async () => {
    const admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    const headers = { ...(await csrfHeaders(admin)), 'content-type': 'application/json' };
    const writeRoutes = t.app.apiRoutes.filter((r) => r.method !== 'GET' && r.url !== '/api/auth/logout');
    expect(writeRoutes.length).toBeGreaterThan(0);
    const nasty = fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', '$gt', 'name', 'email', 'id', 'status'), fc.anything()),
      fc.record({ name: fc.string(), email: fc.oneof(fc.string(), fc.emailAddress()), subject: fc.string(), message: fc.string(), phone: fc.anything() }),
    );
    for (const route of writeRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'fuzz').replace(/\*/g, 'x');
      await fc.assert(
        fc.asyncProperty(nasty, async (body) => {
          const res = await t.app.inject({ method: route.method as 'POST', url, remoteAddress: nextIp(), headers, payload: JSON.stringify(body) ?? 'null' });
          expect(res.statusCode, `${route.method} ${url} ${res.body}`).toBeLessThan(500);
          expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules/);
        }),
        { numRuns: 500 },
      );
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  }, 300_000);
});

async function csrfHeaders(c: TestClient): Promise<Record<string, string>> {
  const token = await c.csrfToken();
  return { cookie: c.cookieHeader(), 'x-csrf-token': token, origin: c.baseUrl };
}
