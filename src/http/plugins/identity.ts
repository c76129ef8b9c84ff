import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORBIDDEN_MESSAGE, SIGN_IN_MESSAGE } from '../../application/shared/require-access.ts';
import fastifyCookie, { Signer } from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyRateLimit from '@fastify/rate-limit';
import type { AppConfig } from '../../config.ts';
import type { EmployeeRepository } from '../../domain/auth/employee-repository.ts';
import {
  employeeLookupEmail,
  resolveAuthState,
  type AuthState,
  type EmployeeLookup,
  type SignedInUser,
} from '../../domain/auth/permissions.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { CallbackSessionStore } from '../../adapters/documents/document-session-store.ts';
import { decideAccess, type RouteAccess } from '../access.ts';
import { logSafePath } from '../log-redaction.ts';
import { registerLiveStreamLimits } from './live-streams.ts';

export interface PendingSignIn {
  nonce: string;
  mode: 'popup' | 'redirect';
  returnTo: string;
  /** The `state` sent to the provider: the callback must bring it back to this session. */
  state?: string;
  /** PKCE verifier, kept server-side in the session (its S256 challenge went to the provider). */
  codeVerifier?: string;
  redirectUri?: string;
}

declare module 'fastify' {
  interface Session {
    user?: SignedInUser;
    /** When the user signed in (ms); the absolute session limit counts from here. */
    startedAt?: number;
    pending?: PendingSignIn;
    redirectResult?: { result: 'signed-in' | 'error'; error?: string };
  }
  interface FastifyRequest {
    auth: AuthState;
  }
  interface FastifyInstance {
    /** Every API route, the access it declared and its body schema, for the route × role matrix test, the strict-body test and docs. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's `schema.body` (a zod schema), if it declares one. */
  body?: unknown;
}

export interface IdentityDeps {
  config: AppConfig;
  sessionSecret: string;
  sessions: CallbackSessionStore;
  /** Where rate-limit counters live (the document store, so every instance shares them). */
  rateLimitStore: new (globalParams: never) => unknown;
  employees: EmployeeRepository;
  clock: Clock;
  /** The site's own origin, for the Origin check on state-changing requests. */
  origin: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isApi = (url: string) => url === '/api' || url.startsWith('/api/');
const SIGNED_OUT: AuthState = Object.freeze({ kind: 'signed-out' });

/**
 * Routes outside /api that carry no access declaration: the SPA's files and pages, and the
 * embedded OpenID provider with its demo sign-in page (development and tests only).
 */
const NON_API_ROUTE = /^\/(\*?|oidc(\/\*)?|oidc-login\/.+)$/;

/**
 * Whether the request reached an API route, judged by the route pattern that matched, never
 * by the raw URL: the router decodes the path, so `/%61pi/clients` reaches `/api/clients`.
 */
const reachedApi = (req: FastifyRequest) => req.routeOptions.url !== undefined && isApi(req.routeOptions.url);

const CONTEXT_ACCESS = Symbol('context access');

/**
 * Declares the access of every route registered inside `context` (an encapsulated plugin) that
 * declares none itself: for a third-party plugin whose routes cannot carry `config.access` (the
 * API docs viewer). It is still a declaration, so default deny holds everywhere else.
 */
export function declareContextAccess(context: FastifyInstance, access: RouteAccess): void {
  context.decorate<RouteAccess>(CONTEXT_ACCESS, access);
}

const contextAccess = (context: FastifyInstance) => (context as unknown as { [CONTEXT_ACCESS]?: RouteAccess })[CONTEXT_ACCESS];

/** Names the cookie by environment: `__Host-` needs Secure, which needs HTTPS (production). */
export const sessionCookieName = (production: boolean) => (production ? '__Host-sid' : 'sid');

/**
 * Sessions, the auth state of every API request, and the checks every API route goes through:
 * Origin and CSRF token on state changes, then the route's declared access (default deny).
 */
export async function registerIdentity(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  const { config } = deps;
  const production = config.env === 'production';

  // Every /api route must say who may call it; a route that does not stops the server starting.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', function (route) {
    const access = route.config?.access ?? contextAccess(this);
    // A context's declaration is copied onto the route: the access check reads the route's.
    if (access && !route.config?.access) route.config = { ...route.config, access };
    if (!isApi(route.url)) {
      if (!access && !NON_API_ROUTE.test(route.url)) throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} is outside /api and declares no access (config.access).`);
      return;
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!access) throw new Error(`Route ${method} ${route.url} declares no access (config.access); every API route must.`);
      apiRoutes.push({ method, url: route.url, access, ...(route.schema?.body ? { body: route.schema.body } : {}) });
    }
  });

  await app.register(fastifyCookie, { secret: deps.sessionSecret });
  await app.register(fastifySession, {
    secret: rememberingSigner(deps.sessionSecret),
    cookieName: sessionCookieName(production),
    // The cookie lasts as long as the absolute limit; the idle limit is enforced by the store.
    cookie: { httpOnly: true, secure: production, sameSite: 'lax', path: '/', maxAge: config.session.absoluteMs },
    // The adapter stores sessions as opaque JSON; @fastify/session's types want its own shape.
    store: deps.sessions as unknown as fastifySession.SessionStore,
    saveUninitialized: false,
    // Not rolling: a rolling session re-saves its whole data on every response, and two
    // overlapping requests then overwrite each other's changes.
    rolling: false,
  });
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: production ? '__Host-csrf' : 'csrf',
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'strict', path: '/', secure: production },
    getToken: (req) => req.headers['x-csrf-token'] as string | undefined,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // req.ip is the socket's address, or with TRUST_PROXY the address the trusted proxy saw
    // (never the client-written left end of X-Forwarded-For), so a forged header cannot buy a
    // fresh allowance.
    keyGenerator: (req) => req.ip,
    store: deps.rateLimitStore as never,
    // The plugin throws what this returns: an Error with a status, so the one error handler
    // answers it in the product's shape with this message (a plain object lost its message).
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error(`Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} s.`), { statusCode: 429 }),
  });

  app.decorateRequest('auth', null as never);

  app.addHook('onRequest', async (req, reply) => {
    req.auth = SIGNED_OUT;
    if (!reachedApi(req)) return;
    req.auth = await resolveAuth(req, deps);

    if (STATE_CHANGING.has(req.method) && req.routeOptions.config.access?.kind !== 'webhook') {
      const refused = crossSiteRefusal(req, deps.origin);
      if (refused) {
        securityEvent(req, 'cross-site request refused', { reason: refused });
        return sendError(reply, 403, 'forbidden', 'Cross-site request refused.');
      }
      const csrfOk = await checkCsrf(app, req, reply);
      if (!csrfOk) {
        securityEvent(req, 'missing or invalid CSRF token');
        return sendError(reply, 403, 'forbidden', 'Your session token is missing or out of date. Reload the page and try again.');
      }
    }

    const access = req.routeOptions.config.access;
    if (!access) return sendError(reply, 403, 'forbidden', FORBIDDEN_MESSAGE); // unreachable: onRoute refuses such routes
    const decision = decideAccess(req.auth, access);
    if (decision === 'unauthenticated') return sendError(reply, 401, 'unauthenticated', SIGN_IN_MESSAGE);
    if (decision === 'forbidden') {
      securityEvent(req, 'access denied', { need: access, state: req.auth.kind });
      return sendError(reply, 403, 'forbidden', FORBIDDEN_MESSAGE);
    }
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    if (reachedApi(req) && req.auth.kind !== 'signed-out') reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  registerLiveStreamLimits(app);
}

type Unsigned = ReturnType<Signer['unsign']>;
const SIGNED_IDS_MAX = 10_000;

/**
 * The session cookie's signer, remembering the cookies it found valid and the ids they carry:
 * checking the HMAC of the same cookie, and signing the same id again for the session object, on
 * every request of a session was a fifth of the session read (issue 16). Only valid cookies are
 * kept (a forged one is checked every time), at most 10 000 of each.
 */
function rememberingSigner(secret: string): { sign(value: string): string; unsign(signed: string): Unsigned } {
  const signer = new Signer(secret, 'sha256');
  const valid = new Map<string, Unsigned>();
  const signedIds = new Map<string, string>();
  const remember = <K, V>(map: Map<K, V>, key: K, value: V) => {
    if (map.size >= SIGNED_IDS_MAX) map.clear();
    map.set(key, value);
  };
  return {
    // A new visitor's fresh id is signed once and not kept; a session's id comes back in its cookie.
    sign: (value) => signedIds.get(value) ?? signer.sign(value),
    unsign(signed) {
      const known = valid.get(signed);
      if (known) return known;
      const result = signer.unsign(signed);
      if (result.valid && !result.renew && result.value !== null) {
        remember(valid, signed, Object.freeze(result));
        remember(signedIds, result.value, signed);
      }
      return result;
    },
  };
}

const lastTouched = new Map<string, number>();
const TOUCH_EVERY_MS = 1000;

async function resolveAuth(req: FastifyRequest, deps: IdentityDeps): Promise<AuthState> {
  const user = req.session.get('user') ?? null;
  if (user) {
    const now = deps.clock.now().getTime();
    const startedAt = req.session.get('startedAt') ?? 0;
    if (now - startedAt > deps.config.session.absoluteMs) {
      // The absolute limit: a week after sign-in the session ends however active it was.
      lastTouched.delete(req.session.sessionId);
      await req.session.destroy();
      return { kind: 'signed-out' };
    }
    // The idle limit slides with use (at most one write a second per session).
    const sid = req.session.sessionId;
    if (now - (lastTouched.get(sid) ?? 0) >= TOUCH_EVERY_MS) {
      lastTouched.set(sid, now);
      if (lastTouched.size > 10_000) lastTouched.clear();
      await deps.sessions.touch(sid);
    }
  }
  const email = employeeLookupEmail(user, deps.config.adminUserIds);
  let lookup: EmployeeLookup = null;
  if (email !== null) {
    try {
      lookup = await deps.employees.findByEmail(email);
    } catch (err) {
      // R-AUTH-8: a failed lookup is logged and the user is treated as no employee.
      req.log.error({ err }, 'employee lookup failed; treating the user as no employee');
      lookup = 'lookup-failed';
    }
  }
  return resolveAuthState(user, deps.config.adminUserIds, lookup);
}

function crossSiteRefusal(req: FastifyRequest, origin: string): string | null {
  const o = req.headers.origin;
  if (o !== undefined && o !== origin) return `origin ${o}`;
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') return 'sec-fetch-site cross-site';
  return null;
}

function checkCsrf(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  return new Promise((resolve) => {
    // csrfProtection calls back with an error (or sends it) when the token is wrong.
    const fakeReply = Object.create(reply) as FastifyReply;
    fakeReply.send = (() => {
      resolve(false);
      return fakeReply;
    }) as FastifyReply['send'];
    app.csrfProtection(req, fakeReply, (err?: unknown) => resolve(!err));
  });
}

function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ error: { code, message } });
}

/** Security events go to the log with who and what, never tokens, cookies or secrets. */
export function securityEvent(req: FastifyRequest, event: string, extra: Record<string, unknown> = {}): void {
  const user = req.session?.get('user');
  req.log.warn({ security: event, method: req.method, url: logSafePath(req), ip: req.ip, userId: user?.id ?? null, ...extra }, `security: ${event}`);
}
