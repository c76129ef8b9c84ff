import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import { EMBEDDED_OIDC_PREFIX } from '../../src/http/plugins/embedded-oidc.ts';

/** Short stand-ins for R-AUTH-13's 30 s / 60 s, so the test waits them out for real. */
const TIMEOUTS = { popup: 700, redirect: 1_500 } as const;

/** The embedded provider's endpoints the server calls during a sign-in, made to never answer on demand. */
function stallable(app: FastifyInstance) {
  const stalled = { path: null as string | null, requests: [] as { path: string; at: number; closedAt: number | null }[] };
  app.addHook('onRequest', (req, _reply, done) => {
    const path = req.url.split('?')[0];
    if (stalled.path === null || path !== stalled.path) return done();
    const seen = { path, at: Date.now(), closedAt: null as number | null };
    stalled.requests.push(seen);
    // never answers; notes when the caller gives up and closes the connection
    req.raw.socket.on('close', () => (seen.closedAt = Date.now()));
  });
  return stalled;
}

describe('[R-AUTH-13] the sign-in’s network calls time out by mode and are aborted', () => {
  let t: ListeningTestApp;
  let stalled: ReturnType<typeof stallable>;
  beforeAll(async () => {
    t = await listenTestApp({}, (app) => (stalled = stallable(app)), {
      override: (token) => (token === TOKENS.SignInTimeouts ? TIMEOUTS : undefined),
    });
  });
  afterAll(() => t.close());

  const session = async (c: TestClient) => ((await (await c.get('/api/session')).json()) as { state: string }).state;

  for (const mode of ['popup', 'redirect'] as const) {
    it(`[R-AUTH-13] a ${mode} sign-in whose token request stalls fails with a clear time-out after ${TIMEOUTS[mode]} ms, and the request is aborted`, async () => {
      stalled.path = `${EMBEDDED_OIDC_PREFIX}/token`;
      stalled.requests.length = 0;
      try {
        const c = new TestClient(t.url);
        const started = Date.now();
        const done = await c.signIn(DEMO.admin, mode);
        const elapsed = Date.now() - started;
        const [request] = stalled.requests;
        expect(request).toBeDefined();
        expect(request!.closedAt, 'the stalled token request was aborted').not.toBeNull();
        expect(request!.closedAt! - request!.at).toBeGreaterThanOrEqual(TIMEOUTS[mode] - 50);
        expect(request!.closedAt! - request!.at).toBeLessThan(TIMEOUTS[mode] + 3_000);
        expect(elapsed).toBeGreaterThanOrEqual(TIMEOUTS[mode]);

        const message = `The identity service did not answer within ${TIMEOUTS[mode] / 1000} s; please try again.`;
        if (mode === 'popup') {
          // The popup's page hands the error to the opener, which shows it (R-AUTH-10, R-AUTH-11).
          const html = await done.text();
          expect(html).toContain('data-result="error"');
          expect(html).toContain(`data-error="${message}"`);
        } else {
          // The redirect result the app reads at start (R-AUTH-11).
          expect(await (await c.get('/api/auth/redirect-result')).json()).toEqual({ result: 'error', error: message });
        }
        expect(await session(c)).toBe('signed-out');
      } finally {
        stalled.path = null;
      }
    });
  }

  it('[R-AUTH-13] a stalled key-set fetch fails the sign-in after the mode’s time-out, aborted', async () => {
    stalled.path = `${EMBEDDED_OIDC_PREFIX}/jwks`;
    stalled.requests.length = 0;
    try {
      const c = new TestClient(t.url);
      await c.signIn(DEMO.admin, 'redirect');
      const [request] = stalled.requests;
      expect(request?.closedAt, 'the stalled key-set request was aborted').not.toBeNull();
      expect(request!.closedAt! - request!.at).toBeGreaterThanOrEqual(TIMEOUTS.redirect - 50);
      const result = (await (await c.get('/api/auth/redirect-result')).json()) as { result: string; error: string };
      expect(result.result).toBe('error');
      expect(result.error).toMatch(/did not send its keys within 1\.5 s/);
      expect(await session(c)).toBe('signed-out');
    } finally {
      stalled.path = null;
    }
  });

  it('with nothing stalled, both modes still sign in', async () => {
    for (const mode of ['popup', 'redirect'] as const) {
      const c = new TestClient(t.url);
      await c.signIn(DEMO.admin, mode);
      expect(await session(c)).toBe('admin');
    }
  });
});
