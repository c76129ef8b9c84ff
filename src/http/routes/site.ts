import { PUBLIC } from '../access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfoSchema, type SiteInfo } from '../../contracts/site.ts';

/** The site's facts; without a configured COPYRIGHT_YEAR the footer's year is the company's current one. */
export interface SiteDeps {
  info: Omit<SiteInfo, 'copyrightYear'> & { copyrightYear: number | null };
  companyYear: () => number;
}

export const siteRoutes: FastifyPluginAsyncZod<SiteDeps> = async (app, opts) => {
  app.get('/api/site', { config: { access: PUBLIC }, schema: { response: { 200: siteInfoSchema } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { ...opts.info, copyrightYear: opts.info.copyrightYear ?? opts.companyYear() };
  });
};
