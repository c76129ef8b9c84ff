import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../support/app.ts';
import { TOKENS } from '../../src/container.ts';
import { PUBLIC } from '../../src/http/access.ts';

describe('the BFF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready checks the database', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
  });

  it('GET /api/site gives the configured company facts', async () => {
    const res = await t.app.inject('/api/site');
    expect(res.json()).toMatchObject({ name: t.config.company.name, phone: t.config.company.phone, copyrightYear: 2025 });
  });

  it('sends security headers: CSP without inline script, no framing, nosniff', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the SPA with history fallback for deep links', async () => {
    for (const url of ['/', '/admin/clients', '/contact?x=1', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root"'); // prerendered screens carry data-prerendered
    }
  });

  it('caches hashed assets for a year and revalidates index.html', async () => {
    const html = (await t.app.inject('/')).body;
    // A prerendered page names its entry in theme-boot.js's data-app (loaded after the first paint).
    const asset = /(?:src|data-app)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await t.app.inject(asset!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/')).headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths and missing files with a JSON 404', async () => {
    for (const url of ['/api/nope', '/assets/missing.js']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('not-found');
    }
  });

  it('answers 503 with a generic message when the database is gone, and readiness fails', async () => {
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    await t.container.resolve(TOKENS.Store).close();
    const res = await t.post('/api/contact', { name: 'Ann Lee', email: 'ann@example.com', subject: 'Hello', message: 'Hello there, world' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: 'The service is temporarily unavailable. Please try again shortly.' } });
    expect(res.body).not.toMatch(/terminated|\.ts:\d+/);
    expect((await t.app.inject('/api/ready')).statusCode).toBe(503);
  });
});

describe('unexpected failures', () => {
  it('become a generic 500 without a stack trace', async () => {
    const t = await buildTestApp({}, (app) => {
      app.get('/api/test-explodes', { config: { access: PUBLIC } }, async () => {
        throw new Error('secret internals at /srv/app/src/x.ts:12');
      });
    });
    try {
      const res = await t.app.inject('/api/test-explodes');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
      expect(res.body).not.toMatch(/secret internals|\.ts:\d+/);
    } finally {
      await t.close();
    }
  });
});

describe('production headers', () => {
  it('adds HSTS in production', async () => {
    const t = await buildTestApp(PRODUCTION_ENV);
    try {
      const res = await t.app.inject('/api/health');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});
