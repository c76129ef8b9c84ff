import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyPluginOptions, type FastifyReply, type FastifyRequest, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { TOKENS, type AppContainer } from '../container.ts';
import type { InjectionToken } from 'tsyringe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idTokenVerifier } from '../adapters/oidc/id-token-verifier.ts';
import { registerErrorHandler } from './error-handler.ts';
import { responseSerializerCompiler } from './response-serializer.ts';
import { logSafePath, requestLogValue } from './log-redaction.ts';
import pino from 'pino';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerIdentity, sessionCookieName } from './plugins/identity.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { EMBEDDED_OIDC_PREFIX, interactionPath, registerEmbeddedOidc } from './plugins/embedded-oidc.ts';
import { sessionSecret } from './session-secret.ts';
import { healthRoutes } from './routes/health.ts';
import { contactRoutes } from './routes/contact.ts';
import { clientRoutes } from './routes/clients.ts';
import { siteRoutes } from './routes/site.ts';
import { authRoutes, type AuthRouteDeps } from './routes/auth.ts';
import { employeeRoutes } from './routes/employees.ts';
import { visionRoutes } from './routes/vision.ts';
import { visionSourceRoutes } from './routes/vision-sources.ts';
import { inventoryRoutes } from './routes/inventory.ts';
import fastifyCompress from '@fastify/compress';
import { quoteRoutes } from './routes/quotes.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { supportRoutes } from './routes/support.ts';
import { backOfficeInboxRoutes } from './routes/back-office-inbox.ts';
import { proposalRoutes } from './routes/proposals.ts';
import { reminderRoutes } from './routes/reminders.ts';
import { monitoringRoutes } from './routes/monitoring.ts';
import { timeRoutes } from './routes/time.ts';
import { cameraPlanRoutes } from './routes/camera-plans.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { jobRoutes } from './routes/jobs.ts';
import { fileRoutes } from './routes/files.ts';
import { portalRoutes } from './routes/portal.ts';
import { cardOnFileRoutes } from './routes/card-on-file.ts';
import { historyRoutes } from './routes/histories.ts';
import { paymentRoutes } from './routes/payments.ts';
import { notificationRoutes, UNSUBSCRIBE_TOKEN_MAX } from './routes/notifications.ts';
import { siteStylesheets } from './customer-page.ts';

const GOOGLE = {
  issuer: 'https://accounts.google.com',
  authorizeHost: 'https://accounts.google.com',
  authorizePath: '/o/oauth2/v2/auth',
  tokenHost: 'https://oauth2.googleapis.com',
  tokenPath: '/token',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
};

type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** One row of the route table: registers an area's route plugin with its bundle. */
type RouteEntry = (app: App, container: AppContainer) => Promise<unknown>;

/** An area's routes and the bundle they take: a container token, or (sign-in only) a value built here. */
const area =
  <D extends FastifyPluginOptions>(plugin: FastifyPluginAsyncZod<D>, deps: InjectionToken<D> | D): RouteEntry =>
  async (app, container) =>
    app.register(plugin, typeof deps === 'symbol' ? container.resolve(deps) : (deps as D));

/**
 * Every area's routes in registration order, each with its bundle from the container. Routes
 * carry their full `/api/...` paths and each declares its access (plugins/identity.ts).
 */
const routeTable = (auth: AuthRouteDeps): RouteEntry[] => [
  area(healthRoutes, TOKENS.HealthDeps),
  area(siteRoutes, TOKENS.SiteDeps),
  area(contactRoutes, TOKENS.ContactDeps),
  area(clientRoutes, TOKENS.ClientDeps),
  area(authRoutes, auth),
  area(employeeRoutes, TOKENS.EmployeeDeps),
  area(visionRoutes, TOKENS.VisionDeps),
  area(visionSourceRoutes, TOKENS.VisionDeps),
  area(inventoryRoutes, TOKENS.InventoryDeps),
  area(quoteRoutes, TOKENS.QuoteDeps),
  area(reviewRoutes, TOKENS.ReviewDeps),
  area(analyticsRoutes, TOKENS.AnalyticsDeps),
  area(supportRoutes, TOKENS.ContactDeps),
  area(backOfficeInboxRoutes, TOKENS.BackOfficeDeps),
  area(proposalRoutes, TOKENS.ProposalDeps),
  area(monitoringRoutes, TOKENS.Monitoring),
  area(timeRoutes, TOKENS.TimeDeps),
  area(cameraPlanRoutes, TOKENS.CameraPlanDeps),
  area(invoiceRoutes, TOKENS.InvoiceDeps),
  area(reminderRoutes, TOKENS.ReminderDeps),
  area(jobRoutes, TOKENS.JobDeps),
  area(fileRoutes, TOKENS.FileDeps),
  area(historyRoutes, TOKENS.Monitoring),
  area(paymentRoutes, TOKENS.PaymentDeps),
  area(notificationRoutes, TOKENS.NotificationDeps),
  area(portalRoutes, TOKENS.PortalDeps),
  area(cardOnFileRoutes, TOKENS.CardDeps),
];

const URL_AT_START = Symbol('url at start');
type RequestWithUrlAtStart = FastifyRequest & { [URL_AT_START]?: string };

/**
 * One log line per request, written when it is answered (method, path made safe as in
 * log-redaction.ts, status, ms), instead of Fastify's "incoming request" and "request completed".
 */
class OneLinePerRequest extends LogController {
  /** The path as it came in: a mounted handler (the embedded provider) may rewrite `req.url`. */
  override incomingRequest(req: FastifyRequest): void {
    (req as RequestWithUrlAtStart)[URL_AT_START] = req.url;
  }

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply): void {
    const url = logSafePath({ url: (req as RequestWithUrlAtStart)[URL_AT_START] ?? req.url, routeOptions: req.routeOptions, params: req.params });
    const line = { method: req.method, url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Builds the BFF (not listening). Tests call this with `inject`; main.ts adds `listen`. */
export async function buildServer(
  config: AppConfig,
  container: AppContainer,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const production = config.env === 'production';
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Written to stdout asynchronously, so a slow reader never blocks the event loop; in blocks of up
      // to 4 KB, at least once a second (one write a line cost a thread-pool hop per request); flushed at exit.
      stream: options.logStream ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
      // Paths without query strings or secret segments (sign-in codes, public links, calendar feeds).
      serializers: { req: (req) => requestLogValue(req as unknown as FastifyRequest) },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Idle keep-alive sockets are closed at shutdown; in-flight requests are allowed to finish.
    forceCloseConnections: 'idle',
    // The longest path parameter: an unsubscribe link's token (up to UNSUBSCRIBE_TOKEN_MAX) must
    // reach its route, not Fastify's default 100-character cut-off (a 404).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: UNSUBSCRIBE_TOKEN_MAX },
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.env));
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { production });

  const baseUrl = container.resolve(TOKENS.BaseUrl);
  const clock = container.resolve(TOKENS.Clock);
  const employees = container.resolve(TOKENS.Employees);
  await registerIdentity(app, {
    config,
    sessionSecret: sessionSecret(config.session.secret, config.dataDir),
    sessions: container.resolve(TOKENS.SessionStore),
    rateLimitStore: container.resolve(TOKENS.RateLimitStore),
    employees,
    clock,
    origin: new URL(baseUrl).origin,
  });

  // Sign-in: Google in production; locally and in tests a real embedded OpenID provider, reached
  // by the browser at the site's address and by this server over loopback.
  const callbackUri = `${baseUrl}/api/auth/callback`;
  let oidc: { clientId: string; clientSecret: string; issuer: string; authorizeHost: string; authorizePath: string; tokenHost: string; tokenPath: string; jwksUrl: string };
  if (config.google) {
    oidc = { ...GOOGLE, clientId: config.google.clientId, clientSecret: config.google.clientSecret };
  } else {
    // oidc-provider (≈ 5 MB of heap) is loaded only where the embedded provider runs, never with Google sign-in.
    const { createEmbeddedOidc } = await import('../adapters/oidc/embedded-oidc-provider.ts');
    const embedded = await createEmbeddedOidc({ issuer: `${baseUrl}${EMBEDDED_OIDC_PREFIX}`, redirectUri: callbackUri, production, interactionPath });
    await registerEmbeddedOidc(app, embedded);
    const loopback = `http://127.0.0.1:${config.port}`;
    oidc = {
      clientId: embedded.clientId,
      clientSecret: embedded.clientSecret,
      issuer: embedded.issuer,
      authorizeHost: baseUrl,
      authorizePath: `${EMBEDDED_OIDC_PREFIX}/auth`,
      tokenHost: loopback,
      tokenPath: `${EMBEDDED_OIDC_PREFIX}/token`,
      jwksUrl: `${loopback}${EMBEDDED_OIDC_PREFIX}/jwks`,
    };
  }
  await app.register(fastifyOauth2, {
    name: 'oidc',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: oidc.clientId, secret: oidc.clientSecret },
      auth: { authorizeHost: oidc.authorizeHost, authorizePath: oidc.authorizePath, tokenHost: oidc.tokenHost, tokenPath: oidc.tokenPath },
    },
    callbackUri,
    pkce: 'S256',
    cookie: { secure: production, sameSite: 'lax', path: '/', httpOnly: true },
    redirectStateCookieName: production ? '__Host-oauth2-state' : 'oauth2-state',
    verifierCookieName: production ? '__Host-oauth2-verifier' : 'oauth2-verifier',
  });

  // Bodies under 10 KB (a page of 25 clients is ≈ 7 KB) go uncompressed: compressing them cost
  // more server time than the bytes saved take to send (issue 16).
  await app.register(fastifyCompress, { global: true, threshold: 10_240 });
  const auth: AuthRouteDeps = {
    oidc: (app as unknown as { oidc: OAuth2Namespace }).oidc,
    provider: config.google ? 'google' : 'embedded',
    verifyIdToken: idTokenVerifier({ issuer: oidc.issuer, audience: oidc.clientId, jwksUrl: oidc.jwksUrl }),
    timeoutsMs: container.resolve(TOKENS.SignInTimeouts),
    authorizeParams: config.google ? { prompt: 'select_account' } : {},
    employees,
    now: () => clock.now().getTime(),
    production,
  };
  // Before the first route, so the document sees every one (@fastify/swagger collects them as they are added).
  await registerOpenApi(app, { production, title: config.company.name, sessionCookie: sessionCookieName(production) });
  app.decorate('siteStylesheets', siteStylesheets(config.staticDir));
  for (const register of routeTable(auth)) await register(app, container);
  await registerSpa(app, config.staticDir);

  // While shutting down, answers to in-flight requests close their keep-alive connection, so
  // the listener can finish as soon as they are done instead of waiting out keep-alive timers.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await container.close();
  });
  return app;
}
