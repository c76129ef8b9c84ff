import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OAuth2Namespace } from '@fastify/oauth2';
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '../access.ts';
import { permissionsFor } from '../../domain/auth/permissions.ts';
import type { SignInMethod } from '../../domain/auth/sign-in-flow.ts';
import { watchOwnRecord, type WatchOwnRecordDeps } from '../../application/employees/watch-own-record.ts';
import { redirectResultSchema, sessionResponseSchema, signInQuerySchema } from '../../contracts/session.ts';
import { securityEvent, sessionCookieName } from '../plugins/identity.ts';
import type { SignedInUser } from '../../domain/auth/permissions.ts';

export interface AuthRouteDeps {
  oidc: OAuth2Namespace;
  provider: 'google' | 'embedded';
  /** `timeoutMs`: how long fetching the provider's keys may take. */
  verifyIdToken: (idToken: unknown, nonce: string, timeoutMs: number) => Promise<SignedInUser>;
  /**
   * R-AUTH-13's network time-out for the server's calls to the identity service during a sign-in
   * (token exchange, key set), by the sign-in's mode: popup = desktop, redirect = mobile.
   */
  timeoutsMs: Readonly<Record<SignInMethod, number>>;
  /** Extra authorization-request parameters (Google: prompt=select_account). */
  authorizeParams: Record<string, string>;
  employees: WatchOwnRecordDeps['employees'];
  now: () => number;
  /** Production: the session cookie is `__Host-sid` and Secure (logout clears it by that name). */
  production: boolean;
}

const POPUP_DONE_JS = `(function () {
  var result = document.documentElement.getAttribute('data-result');
  var error = document.documentElement.getAttribute('data-error') || undefined;
  if (window.opener) {
    window.opener.postMessage({ type: 'shieldline:sign-in', result: result, error: error }, window.location.origin);
    window.close();
  } else {
    window.location.replace('/');
  }
})();`;

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The part of @fastify/oauth2's decoration used here: simple-oauth2's client, which takes per-request HTTP options. */
interface TokenClient {
  getToken(params: { code: string; redirect_uri: string; code_verifier: string }, httpOptions: { timeout: number }): Promise<{ token: Record<string, unknown> }>;
}

/**
 * Exchanges the authorization code for tokens. The request is cut off after `timeoutMs` (the
 * HTTP client aborts it: the socket is closed, nothing keeps waiting), R-AUTH-13.
 */
async function exchangeCode(oidc: OAuth2Namespace, params: Parameters<TokenClient['getToken']>[0], timeoutMs: number): Promise<Record<string, unknown>> {
  const client = (oidc as unknown as { oauth2: TokenClient }).oauth2;
  try {
    return (await client.getToken(params, { timeout: timeoutMs })).token;
  } catch (err) {
    const status = (err as { isBoom?: boolean; output?: { statusCode?: number } }).output?.statusCode;
    if ((err as { isBoom?: boolean }).isBoom === true && status === 504) {
      throw new Error(`The identity service did not answer within ${timeoutMs / 1000} s; please try again.`, { cause: err });
    }
    throw err;
  }
}

/**
 * A `returnTo` as it may go into the callback's Location header, which carries printable ASCII
 * only (Node refuses anything else with a 500). Characters beyond ASCII are percent-encoded
 * (UTF-8), as a browser writes them, so the person lands on the page they asked for; a path
 * with a control character is nobody's page, so the sign-in lands on the start page instead.
 */
function headerSafeReturnTo(path: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f\u007f-\u009f]/.test(path)) return '/';
  return path.toWellFormed().replace(/[^\u0021-\u007e]+/gu, (run) => encodeURIComponent(run));
}

const NOT_STARTED_HERE = 'This sign-in was not started here or has expired; please try again.';

/** Sign-in (code flow + PKCE + nonce), sign-out, the session state and its live updates. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, deps) => {
  const signInLimit = { max: 30, timeWindow: '1 minute' };

  app.get('/api/session', { config: { access: PUBLIC }, schema: { response: { 200: sessionResponseSchema } } }, async (req, reply) => {
    const a = req.auth;
    const user = a.kind === 'signed-out' ? null : a.user;
    // Signed out too: the answer carries this session's CSRF token.
    reply.header('Cache-Control', 'no-store');
    return {
      state: a.kind,
      user: user ? { id: user.id, name: user.displayName, email: user.email, photoUrl: user.photoUrl } : null,
      permissions: { ...permissionsFor(a) },
      csrfToken: reply.generateCsrf(),
      provider: deps.provider,
    };
  });

  app.get(
    '/api/auth/login',
    { config: { access: PUBLIC, rateLimit: signInLimit }, schema: { querystring: signInQuerySchema } },
    async (req, reply) => {
      const nonce = randomBytes(16).toString('base64url');
      // PKCE with the verifier kept in the server-side session, and the state bound to it: the
      // code is exchanged here (with the sign-in's time-out), not through the plugin's cookies.
      const codeVerifier = randomBytes(32).toString('base64url');
      const uri = new URL(await deps.oidc.generateAuthorizationUri(req, reply));
      uri.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
      uri.searchParams.set('code_challenge_method', 'S256');
      req.session.set('pending', {
        nonce,
        mode: req.query.mode,
        returnTo: headerSafeReturnTo(req.query.returnTo),
        state: uri.searchParams.get('state') ?? undefined,
        codeVerifier,
        redirectUri: uri.searchParams.get('redirect_uri') ?? undefined,
      });
      uri.searchParams.set('nonce', nonce);
      for (const [k, v] of Object.entries(deps.authorizeParams)) uri.searchParams.set(k, v);
      return reply.redirect(uri.toString());
    },
  );

  app.get(
    '/api/auth/callback',
    {
      config: { access: PUBLIC, rateLimit: signInLimit },
      schema: { querystring: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional(), error_description: z.string().optional() }).loose() },
    },
    async (req, reply) => {
      const pending = req.session.get('pending');
      const mode = pending?.mode ?? 'redirect';
      const timeoutMs = deps.timeoutsMs[mode];
      req.session.set('pending', undefined); // one callback per sign-in
      let error: string | null = null;
      try {
        if (!pending?.state || !pending.codeVerifier || !pending.redirectUri) throw new Error(NOT_STARTED_HERE);
        if (req.query.error) throw new Error(req.query.error_description ?? req.query.error);
        if (!req.query.code || req.query.state !== pending.state) throw new Error(NOT_STARTED_HERE);
        const token = await exchangeCode(deps.oidc, { code: req.query.code, redirect_uri: pending.redirectUri, code_verifier: pending.codeVerifier }, timeoutMs);
        const user = await deps.verifyIdToken(token['id_token'], pending.nonce, timeoutMs);
        // A new session id at sign-in, so an id fixed before sign-in is worthless afterwards.
        await req.session.regenerate();
        req.session.set('user', user);
        req.session.set('startedAt', deps.now());
        req.log.info({ security: 'sign-in', userId: user.id }, 'security: signed in');
      } catch (err) {
        error = err instanceof Error ? err.message : 'Sign-in failed.';
        securityEvent(req, 'sign-in failed', { reason: error });
      }
      if (mode === 'popup') {
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
        return `<!doctype html><html lang="en" data-result="${error ? 'error' : 'signed-in'}"${error ? ` data-error="${escapeAttr(error)}"` : ''}><head><meta charset="utf-8"><title>Signing in…</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><script src="/api/auth/popup-done.js"></script></head><body><p>${error ? escapeAttr(error) : 'Signed in. You can close this window.'}</p></body></html>`;
      }
      req.session.set('redirectResult', error ? { result: 'error', error } : { result: 'signed-in' });
      return reply.redirect(pending?.returnTo ?? '/');
    },
  );

  app.get('/api/auth/popup-done.js', { config: { access: PUBLIC } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(POPUP_DONE_JS),
  );

  app.get('/api/auth/redirect-result', { config: { access: PUBLIC }, schema: { response: { 200: redirectResultSchema } } }, async (req) => {
    const r = req.session.get('redirectResult');
    if (!r) return { result: 'none' as const };
    req.session.set('redirectResult', undefined);
    return r.error ? { result: r.result, error: r.error } : { result: r.result };
  });

  app.post('/api/auth/logout', { config: { access: PUBLIC } }, async (req, reply) => {
    const user = req.session.get('user');
    await req.session.destroy();
    // Destroying the stored session leaves the browser's cookie; clear it there too.
    reply.clearCookie(sessionCookieName(deps.production), { path: '/', httpOnly: true, secure: deps.production, sameSite: 'lax' });
    if (user) req.log.info({ security: 'sign-out', userId: user.id }, 'security: signed out');
    return reply.status(204).send();
  });

  registerSessionEvents(app, deps);
};

/**
 * Server-Sent Events telling an open SPA that its session changed (R-AUTH-3, R-DB-9): an
 * employee's record edited or deactivated takes effect on open screens without signing out.
 */
function registerSessionEvents(app: FastifyInstance, deps: AuthRouteDeps) {
  const open = new Set<ServerResponse>();
  // Streams never end by themselves; end them at shutdown so in-flight work can finish.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.get('/api/session/events', { config: { access: SIGNED_IN, liveStream: true } }, async (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    open.add(res);
    // `ready` proves the stream gets through unbuffered (the SPA polls instead when it does not
    // arrive); it is sent once the live lookup is in place, so any later change is pushed.
    const ready = () => res.write('event: ready\ndata: live\n\n');
    let first = true;
    const stop =
      watchOwnRecord(deps, req.auth, {
        next: () => {
          if (first) {
            first = false; // the subscription's initial result, not a change
            ready();
            return;
          }
          res.write('event: session\ndata: changed\n\n');
        },
        error: (err) => req.log.error({ err }, 'employee watch failed'),
      }) ?? (ready(), () => {});
    const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
    req.raw.on('close', () => {
      open.delete(res);
      clearInterval(ping);
      stop();
    });
  });
}
