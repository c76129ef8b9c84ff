import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../access.ts';

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, opts) => {
  app.get('/api/health', { config: { access: PUBLIC }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get('/api/ready', { config: { access: PUBLIC } }, async (req, reply) => {
    try {
      await opts.ping();
      return { status: 'ready', database: 'ok' };
    } catch (err) {
      req.log.error({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
};
