import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { TOKENS, type AppContainer } from '../container.ts';
import { createEmbeddedOidc } from '../adapters/oidc/embedded-oidc-provider.ts';
import { idTokenVerifier } from '../adapters/oidc/id-token-verifier.ts';
import { registerErrorHandler } from './error-handler.ts';
import { requestLogValue } from './log-redaction.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerIdentity } from './plugins/identity.ts';
import { EMBEDDED_OIDC_PREFIX, interactionPath, registerEmbeddedOidc } from './plugins/embedded-oidc.ts';
import { sessionSecret } from './session-secret.ts';
import { healthRoutes } from './routes/health.ts';
import { contactRoutes } from './routes/contact.ts';
import { clientRoutes } from './routes/clients.ts';
import { siteRoutes } from './routes/site.ts';
import { authRoutes } from './routes/auth.ts';
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

const GOOGLE = {
  issuer: 'https://accounts.google.com',
  authorizeHost: 'https://accounts.google.com',
  authorizePath: '/o/oauth2/v2/auth',
  tokenHost: 'https://oauth2.googleapis.com',
  tokenPath: '/token',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
};

/** The address browsers use for this site (PUBLIC_URL, else the local listener). */
export function siteBaseUrl(config: AppConfig): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
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
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Paths without query strings or secret segments (sign-in codes, public links, calendar feeds).
      serializers: { req: (req) => requestLogValue(req as unknown as FastifyRequest) },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Idle keep-alive sockets are closed at shutdown; in-flight requests are allowed to finish.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { production });

  const baseUrl = siteBaseUrl(config);
  const clock = container.resolve(TOKENS.Clock);
  const employees = container.resolve(TOKENS.Employees);
  await registerIdentity(app, {
    config,
    sessionSecret: sessionSecret(config.session.secret, config.dataDir),
    sessions: container.resolve(TOKENS.SessionStore),
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

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(healthRoutes, { ping: () => container.ping() });
  await app.register(siteRoutes, { info: { ...config.company, money: config.money } });
  await app.register(contactRoutes, {
    contactMessages: container.resolve(TOKENS.ContactMessages),
    clock,
    ids: container.resolve(TOKENS.Ids),
  });
  await app.register(clientRoutes, container.resolve(TOKENS.ClientDeps));
  await app.register(authRoutes, {
    oidc: (app as unknown as { oidc: OAuth2Namespace }).oidc,
    provider: config.google ? 'google' : 'embedded',
    verifyIdToken: idTokenVerifier({ issuer: oidc.issuer, audience: oidc.clientId, jwksUrl: oidc.jwksUrl }),
    timeoutsMs: container.resolve(TOKENS.SignInTimeouts),
    authorizeParams: config.google ? { prompt: 'select_account' } : {},
    employees,
    now: () => clock.now().getTime(),
  });
  await app.register(employeeRoutes, { employees: container.resolve(TOKENS.EmployeeDirectory), audit: container.resolve(TOKENS.AuditLog), clock });
  await app.register(visionRoutes, { detector: () => container.resolve(TOKENS.Detector), files: container.resolve(TOKENS.Files), analyses: container.resolve(TOKENS.VisionAnalyses), maxImageBytes: config.vision.maxImageBytes });
  await app.register(visionSourceRoutes, {
    detector: () => container.resolve(TOKENS.Detector),
    files: container.resolve(TOKENS.Files),
    analyses: container.resolve(TOKENS.VisionAnalyses),
    maxImageBytes: config.vision.maxImageBytes,
    jobs: container.resolve(TOKENS.JobDeps).jobs,
    clients: container.resolve(TOKENS.Clients),
    leads: container.resolve(TOKENS.Leads),
  });
  await app.register(inventoryRoutes, { inventory: container.resolve(TOKENS.Inventory), clock, ids: container.resolve(TOKENS.Ids) });
  const ids = container.resolve(TOKENS.Ids);
  await app.register(quoteRoutes, { leads: container.resolve(TOKENS.Leads), files: container.resolve(TOKENS.Files), mailer: container.resolve(TOKENS.Mailer), clock, ids, servicePostcodes: config.servicePostcodes, timeZone: config.timeZone, office: { email: config.company.email, adminUrl: baseUrl } });
  await app.register(reviewRoutes, { reviews: container.resolve(TOKENS.Reviews), clock, ids, business: { name: config.company.name, phone: config.company.phone, email: config.company.email, url: baseUrl, areaServed: config.company.serviceArea } });
  await app.register(analyticsRoutes, { stats: container.resolve(TOKENS.SiteStats), clock, timeZone: config.timeZone });
  await app.register(supportRoutes, { contactMessages: container.resolve(TOKENS.ContactMessages), clock, ids });
  await app.register(backOfficeInboxRoutes, { contactMessages: container.resolve(TOKENS.ContactMessages), leads: container.resolve(TOKENS.Leads), reviews: container.resolve(TOKENS.Reviews), outbox: container.resolve(TOKENS.Outbox), clock });
  await app.register(proposalRoutes, { ...container.resolve(TOKENS.ProposalDeps), jobs: container.resolve(TOKENS.JobCreator), invoices: container.resolve(TOKENS.InvoiceIssuer), baseUrl });
  await app.register(monitoringRoutes, container.resolve(TOKENS.Monitoring));
  await app.register(timeRoutes, container.resolve(TOKENS.TimeDeps));
  await app.register(cameraPlanRoutes, { plans: container.resolve(TOKENS.CameraPlans), clients: container.resolve(TOKENS.Clients), inventory: container.resolve(TOKENS.Inventory), files: container.resolve(TOKENS.Files), pdf: container.resolve(TOKENS.CameraPlanPdf), pdfPages: container.resolve(TOKENS.PageRasterizer), clock, timeZone: config.timeZone });
  await app.register(invoiceRoutes, { ...container.resolve(TOKENS.InvoiceDeps), baseUrl });
  await app.register(reminderRoutes, container.resolve(TOKENS.ReminderDeps));
  await app.register(jobRoutes, { ...container.resolve(TOKENS.JobDeps), siteUrl: config.publicUrl ? baseUrl : null });
  await app.register(fileRoutes, { files: container.resolve(TOKENS.Files), baseUrl });
  await registerSpa(app, config.staticDir);

  // While shutting down, answers to in-flight requests close their keep-alive connection, so
  // the listener can finish as soon as they are done instead of waiting out keep-alive timers.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await container.close();
  });
  return app;
}
