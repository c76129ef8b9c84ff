import { PUBLIC } from '../access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfoSchema, type SiteInfo } from '../../contracts/site.ts';

export const siteRoutes: FastifyPluginAsyncZod<{ info: SiteInfo }> = async (app, opts) => {
  app.get('/api/site', { config: { access: PUBLIC }, schema: { response: { 200: siteInfoSchema } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return opts.info;
  });
};
