import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient, expectJson } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { RedirectResult, SessionResponse } from '../../src/contracts/session.ts';

/**
 * Signs in through the embedded provider with `returnTo` and reports every answer on the way,
 * as a browser following the redirects would see them.
 */
async function signInReturningTo(c: TestClient, returnTo: string) {
  const steps: { url: string; status: number; location: string | null }[] = [];
  let res = await c.raw(`/api/auth/login?mode=redirect&returnTo=${encodeURIComponent(returnTo)}`);
  steps.push({ url: `${c.baseUrl}/api/auth/login`, status: res.status, location: res.headers.get('location') });
  let url = `${c.baseUrl}/api/auth/login`;
  for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
    url = new URL(res.headers.get('location')!, url).toString();
    res = await c.raw(url);
    steps.push({ url, status: res.status, location: res.headers.get('location') });
  }
  const action = /<form method="post" action="([^"]+)"/.exec(await res.text())?.[1];
  if (!action) throw new Error(`no sign-in page: ${JSON.stringify(steps)}`);
  url = new URL(action.replace(/&#38;/g, '&'), url).toString();
  res = await c.raw(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ account: DEMO.admin }).toString() });
  for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
    url = new URL(res.headers.get('location')!, url).toString();
    steps.push({ url, status: 0, location: null });
    res = await c.raw(url);
    steps[steps.length - 1]!.status = res.status;
    steps[steps.length - 1]!.location = res.headers.get('location');
  }
  const callback = steps.find((s) => new URL(s.url).pathname === '/api/auth/callback');
  return { callback, landed: new URL(url), final: res };
}

describe('GET /api/auth/login?returnTo= with characters a header cannot carry (issue 15, finding 9)', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp();
  });
  afterAll(() => t.close());

  async function expectSignedIn(c: TestClient) {
    expect((await expectJson<SessionResponse>(await c.get('/api/session'), 200)).user?.id).toBe(DEMO.admin);
    expect(await expectJson<RedirectResult>(await c.get('/api/auth/redirect-result'), 200)).toEqual({ result: 'signed-in' });
  }

  it('characters beyond Latin-1 are percent-encoded: the sign-in completes and lands on the page asked for', async () => {
    const c = new TestClient(t.url);
    const { callback, landed } = await signInReturningTo(c, '/admin/clients?q=Müller-日本');
    expect(callback?.status).toBe(302);
    expect(callback?.location).toBe('/admin/clients?q=M%C3%BCller-%E6%97%A5%E6%9C%AC');
    expect(decodeURIComponent(landed.pathname + landed.search)).toBe('/admin/clients?q=Müller-日本');
    await expectSignedIn(c);
  });

  it.each([
    ['a bell', '/admin/jobs\u0007'],
    ['a NUL', '/admin\u0000/jobs'],
    ['a DEL', '/\u007fadmin'],
    ['a C1 control', '/admin\u0085jobs'],
  ])('a returnTo with %s: the sign-in completes and lands on the start page, never a raw 500', async (_name, returnTo) => {
    const c = new TestClient(t.url);
    const { callback, landed } = await signInReturningTo(c, returnTo);
    expect(callback?.status).toBe(302);
    expect(callback?.location).toBe('/');
    expect(landed.pathname).toBe('/');
    await expectSignedIn(c);
  });
});
