import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built SPA. Hashed assets are cached for a year; everything else is revalidated.
 * Unknown paths that want HTML get index.html (history fallback) so deep links work; unknown
 * /api paths get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = existsSync(join(staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
        reply.header(
          'Cache-Control',
          path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ staticDir }, 'SPA build not found; run `npm run build` (npm start does it for you)');
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsHtml = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (wantsHtml && hasBuild && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'not-found', message: `No route for ${req.method} ${path}.` } });
  });
}
