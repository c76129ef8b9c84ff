import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { TOKENS, type AppContainer } from '../container.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { healthRoutes } from './routes/health.ts';
import { contactRoutes } from './routes/contact.ts';
import { siteRoutes } from './routes/site.ts';

/** Builds the BFF (not listening). Tests call this with `inject`; main.ts adds `listen`. */
export async function buildServer(config: AppConfig, container: AppContainer): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: false,
    bodyLimit: 1_048_576,
    // Idle keep-alive sockets are closed at shutdown; in-flight requests are allowed to finish.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { production: config.env === 'production' });

  await app.register(healthRoutes, { ping: () => container.ping() });
  await app.register(siteRoutes, { info: config.company });
  await app.register(contactRoutes, {
    contactMessages: container.resolve(TOKENS.ContactMessages),
    clock: container.resolve(TOKENS.Clock),
    ids: container.resolve(TOKENS.Ids),
  });
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
