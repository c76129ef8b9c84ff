import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../support/app.ts';

/**
 * Production configuration: Google sign-in, so no embedded provider (as in test/api/server.test.ts),
 * behind a TLS-terminating proxy on loopback: Secure session cookies are only set when the request
 * came over https, which the server learns from the trusted proxy's X-Forwarded-Proto.
 */
const HTTPS = { 'x-forwarded-proto': 'https' };
const BEHIND_PROXY = { ...PRODUCTION_ENV, TRUST_PROXY: '127.0.0.1' };

interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case → value ('' for flags). */
  attrs: Map<string, string>;
}

function setCookies(header: string | string[] | undefined): SetCookie[] {
  return [header ?? []].flat().map((line) => {
    const [pair = '', ...rest] = line.split(';');
    const i = pair.indexOf('=');
    const attrs = new Map(
      rest.map((a) => {
        const j = a.indexOf('=');
        return j < 0 ? [a.trim().toLowerCase(), ''] : [a.slice(0, j).trim().toLowerCase(), a.slice(j + 1).trim()];
      }),
    );
    return { name: pair.slice(0, i).trim(), value: pair.slice(i + 1).trim(), attrs };
  });
}

/** What `__Host-` promises a browser, and what every cookie of ours must have. */
function expectHostOnly(c: SetCookie | undefined, sameSite: 'Lax' | 'Strict') {
  expect(c, 'cookie set').toBeDefined();
  expect(c!.name.startsWith('__Host-'), c!.name).toBe(true);
  expect(c!.attrs.has('httponly'), `${c!.name} HttpOnly`).toBe(true);
  expect(c!.attrs.has('secure'), `${c!.name} Secure`).toBe(true);
  expect(c!.attrs.get('samesite'), `${c!.name} SameSite`).toBe(sameSite);
  expect(c!.attrs.get('path'), `${c!.name} Path`).toBe('/');
  expect(c!.attrs.has('domain'), `${c!.name} has no Domain`).toBe(false);
}

describe('cookies in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(BEHIND_PROXY);
  });
  afterAll(() => t.close());

  it('GET /api/auth/login sets the session and sign-in cookies __Host-, HttpOnly, Secure, SameSite=Lax, Path=/, no Domain', async () => {
    const res = await t.app.inject({ url: '/api/auth/login?mode=redirect&returnTo=/', headers: HTTPS });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/accounts\.google\.com\//);
    const cookies = setCookies(res.headers['set-cookie']);
    expect(cookies.map((c) => c.name).sort()).toEqual(['__Host-oauth2-state', '__Host-oauth2-verifier', '__Host-sid']);
    for (const c of cookies) expectHostOnly(c, 'Lax');
  });

  it('GET /api/session sets the CSRF secret cookie __Host-csrf, HttpOnly, Secure, SameSite=Strict, Path=/, no Domain', async () => {
    const res = await t.app.inject({ url: '/api/session', headers: HTTPS });
    expect(res.statusCode).toBe(200);
    const cookies = setCookies(res.headers['set-cookie']);
    expectHostOnly(cookies.find((c) => c.name === '__Host-csrf'), 'Strict');
    for (const c of cookies) expect(c.name.startsWith('__Host-'), c.name).toBe(true);
  });
});
