import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The public screens rendered to HTML at build time (scripts/prerender.ts), written inside the
 * web build as prerendered/<name>.html and served for their route.
 */
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_ROUTES = ['/', '/services', '/reviews', '/quote', '/support', '/contact'] as const;

export function prerenderedFile(route: string): string {
  return `${PRERENDERED_DIR}/${route === '/' ? 'index' : route.slice(1)}.html`;
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; everything else is revalidated.
 * Unknown paths that want HTML get index.html (history fallback) so deep links work; unknown
 * /api paths get a JSON 404. The prerendered public screens are served for their routes (falling
 * back to index.html when the build has none).
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = existsSync(join(staticDir, 'index.html'));
  const prerendered = new Map<string, string>();
  for (const route of PRERENDERED_ROUTES) {
    if (existsSync(join(staticDir, prerenderedFile(route)))) prerendered.set(route, prerenderedFile(route));
  }
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      // '/' is answered below, so it can get the prerendered home page.
      index: false,
      cacheControl: false,
      setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
        reply.header(
          'Cache-Control',
          path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', (_req, reply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(prerendered.get('/') ?? 'index.html'),
    );
  } else {
    app.log.warn({ staticDir }, 'SPA build not found; run `npm run build` (npm start does it for you)');
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsHtml = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (wantsHtml && hasBuild && !/\.[a-z0-9]+$/i.test(path)) {
      const route = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(prerendered.get(route) ?? 'index.html');
    }
    return reply.status(404).send({ error: { code: 'not-found', message: `No route for ${req.method} ${path}.` } });
  });
}
