import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../access.ts';

/**
 * Liveness (the process answers) and readiness: the database answers (and has seen no damaged
 * page) and the storage takes, gives back and deletes a probe file (STORAGE_URL works).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void>; storage: () => Promise<void> }> = async (app, opts) => {
  app.get('/api/health', { config: { access: PUBLIC }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get('/api/ready', { config: { access: PUBLIC } }, async (req, reply) => {
    const [database, storage] = await Promise.allSettled([opts.ping(), opts.storage()]);
    if (database.status === 'fulfilled' && storage.status === 'fulfilled') return { status: 'ready', database: 'ok', storage: 'ok' };
    for (const r of [database, storage]) if (r.status === 'rejected') req.log.error({ err: r.reason }, 'readiness check failed');
    return reply.status(503).send({
      status: 'unavailable',
      database: database.status === 'fulfilled' ? 'ok' : 'unreachable',
      storage: storage.status === 'fulfilled' ? 'ok' : 'failing',
    });
  });
};
