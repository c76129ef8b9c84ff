import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aSecret, logCapture } from '../support/log-capture.ts';
import { SECRET_ROUTE_PARAMS } from '../../src/http/log-redaction.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp-dir.ts';

describe('request logs at LOG_LEVEL=info carry no secrets', () => {
  const log = logCapture();
  let t: ListeningTestApp;
  const seenUrls: string[] = [];
  beforeAll(async () => {
    t = await listenTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: log.stream });
    t.app.server.on('request', (req: { url?: string }) => seenUrls.push(req.url ?? ''));
  });
  afterAll(() => t.close());

  it('a full sign-in logs neither the authorization code nor the state', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);
    expect((await (await c.get('/api/session')).json()) as object).toMatchObject({ user: { id: DEMO.admin } });
    const callback = seenUrls.map((u) => new URL(u, t.url)).find((u) => u.pathname === '/api/auth/callback');
    const code = callback?.searchParams.get('code');
    const state = callback?.searchParams.get('state');
    expect(code).toBeTruthy();
    expect(state).toBeTruthy();
    expect(log.text()).toContain('"url":"/api/auth/callback"');
    expect(log.text()).not.toContain(code!);
    expect(log.text()).not.toContain(state!);
    for (const cookie of c.cookieHeader().split('; ')) expect(log.text()).not.toContain(cookie.slice(cookie.indexOf('=') + 1));
  });

  it('every route whose path carries a secret logs it as [redacted], however the path is spelled', async () => {
    const secretRoutes = t.app.apiRoutes.filter((r) => [...r.url.matchAll(/:(\w+)/g)].some((m) => SECRET_ROUTE_PARAMS.has(m[1]!)));
    // The public proposal and invoice links and the calendar feed at least.
    expect(secretRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/public/proposals/:token', 'GET /api/public/invoices/:token', 'GET /api/calendar/:file', 'POST /api/public/proposals/:token/accept']),
    );
    const c = new TestClient(t.url);
    const secrets: string[] = [];
    for (const route of secretRoutes) {
      const secret = aSecret();
      secrets.push(secret);
      const path = route.url.replace(/:(\w+)/g, (_m, name: string) => (SECRET_ROUTE_PARAMS.has(name) ? secret : 'x'));
      const res = route.method === 'GET' ? await c.get(`${path}?download=1`) : await c.send(route.method as 'POST', path, {});
      expect(res.status, `${route.method} ${path}`).toBeLessThan(500);
    }
    const encoded = aSecret();
    await c.get(`/%61pi/public/proposals/${encoded}`);
    const unrouted = aSecret();
    await c.get(`/api/public/invoices/${unrouted}/no/such/page`);
    const feed = aSecret();
    await c.get(`/api/calendar/${feed}.ics`);
    for (const secret of [...secrets, encoded, unrouted, feed]) expect(log.text()).not.toContain(secret);
    expect(log.text()).toContain('"url":"/api/public/proposals/[redacted]"');
    expect(log.text()).toContain('"url":"/api/calendar/[redacted]"');
  });

  it('a refused cross-site answer on a public link logs the event without the token', async () => {
    const c = new TestClient(t.url);
    const secret = aSecret();
    const res = await c.send('POST', `/api/public/proposals/${secret}/decline`, {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const line = log.text().split('\n').find((l) => l.includes('"security":"cross-site request refused"') && l.includes('/api/public/proposals/'));
    expect(line).toContain('"url":"/api/public/proposals/[redacted]/decline"');
    expect(log.text()).not.toContain(secret);
  });
});

describe('the public proposal and invoice pages (issue 15, finding 7)', () => {
  const log = logCapture();
  const web = tempDir('shieldline-web-');
  let t: ListeningTestApp;
  beforeAll(async () => {
    // A built SPA, so the pages answer as in production (index.html for every deep link).
    writeFileSync(join(web.path, 'index.html'), '<!doctype html><title>Shieldline</title>');
    t = await listenTestApp({ LOG_LEVEL: 'info', STATIC_DIR: web.path }, undefined, { logStream: log.stream });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  it('/p/<token> and /i/<token> log the token as [redacted], however the path is spelled', async () => {
    const c = new TestClient(t.url);
    const secrets = { proposal: aSecret(), invoice: aSecret(), encoded: aSecret(), upper: aSecret(), trailing: aSecret(), doubled: aSecret() };
    for (const path of [`/p/${secrets.proposal}`, `/i/${secrets.invoice}?utm=mail`, `/%70/${secrets.encoded}`, `/I/${secrets.upper}`, `/p/${secrets.trailing}/`, `//i/${secrets.doubled}`]) {
      const res = await c.get(path);
      await res.text(); // read to the end, so the connection is free at close
      expect(res.status, path).toBeLessThan(500);
    }
    const page = await c.get(`/p/${aSecret()}`);
    expect(await page.text()).toContain('<title>Shieldline</title>');
    for (const secret of Object.values(secrets)) expect(log.text()).not.toContain(secret);
    expect(log.text()).toContain('"url":"/p/[redacted]"');
    expect(log.text()).toContain('"url":"/i/[redacted]"');
  });
});
