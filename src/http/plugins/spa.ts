import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC } from '../access.ts';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/**
 * The public screens rendered to HTML at build time (scripts/prerender.ts), written inside the
 * web build as prerendered/<name>.html and served for their route.
 */
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_ROUTES = ['/', '/services', '/reviews', '/quote', '/support', '/contact'] as const;

export function prerenderedFile(route: string): string {
  return `${PRERENDERED_DIR}/${route === '/' ? 'index' : route.slice(1)}.html`;
}

type Coding = 'br' | 'gzip';
const compressBr = promisify(brotliCompress);
const compressGzip = promisify(gzip);
const ENCODERS: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => compressBr(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => compressGzip(body, { level: zlib.Z_BEST_COMPRESSION }),
};
const ETAG_SUFFIX: Record<Coding | 'identity', string> = { br: '-br', gzip: '-gz', identity: '' };
/** How often a page checks whether its file was rebuilt. */
const RECHECK_MS = 1000;

/**
 * One HTML page of the build held in memory with its brotli and gzip bodies, each compressed once
 * (on the first request that accepts it) instead of on every request, which cost ≈ 2.8 ms of CPU
 * a request for the 29 KB /services (issue 16). A rebuilt file is read again within a second.
 */
class MemoryPage {
  private body = Buffer.alloc(0);
  private tag = '';
  private mtimeMs = -1;
  private checkedAt = 0;
  private encoded = new Map<Coding, Promise<Buffer>>();
  readonly file: string;

  constructor(file: string) {
    this.file = file;
    this.load();
  }

  private load(): void {
    const mtimeMs = statSync(this.file).mtimeMs;
    if (mtimeMs === this.mtimeMs) return;
    this.body = readFileSync(this.file);
    this.tag = createHash('sha256').update(this.body).digest('base64url').slice(0, 22);
    this.mtimeMs = mtimeMs;
    this.encoded = new Map();
  }

  private fresh(): void {
    const now = Date.now();
    if (now - this.checkedAt < RECHECK_MS) return;
    this.checkedAt = now;
    try {
      this.load();
    } catch {
      // Mid-rebuild the file may be missing for a moment: keep serving the last good copy.
    }
  }

  async send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    this.fresh();
    const coding = pickCoding(req.headers['accept-encoding']);
    const etag = `"${this.tag}${ETAG_SUFFIX[coding]}"`;
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').header('ETag', etag).type('text/html; charset=utf-8');
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    if (coding === 'identity') return reply.send(this.body);
    let body = this.encoded.get(coding);
    if (!body) {
      body = ENCODERS[coding](this.body);
      this.encoded.set(coding, body);
    }
    return reply.header('Content-Encoding', coding).send(await body);
  }
}

/** br, else gzip, else the plain body; a coding refused with q=0 is not used. */
export function pickCoding(header: string | string[] | undefined): Coding | 'identity' {
  const accepted = new Set<string>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name!.trim().toLowerCase());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; everything else is revalidated.
 * Unknown paths that want HTML get index.html (history fallback) so deep links work; unknown
 * /api paths get a JSON 404. The prerendered public screens are served for their routes (falling
 * back to index.html when the build has none). Those pages and index.html come from memory,
 * compressed once, with an ETag (304 when the browser's copy is current).
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = existsSync(join(staticDir, 'index.html'));
  const pages = new Map<string, MemoryPage>();
  let indexPage: MemoryPage | undefined;
  if (hasBuild) {
    indexPage = new MemoryPage(join(staticDir, 'index.html'));
    for (const route of PRERENDERED_ROUTES) {
      const file = join(staticDir, prerenderedFile(route));
      if (existsSync(file)) pages.set(route, new MemoryPage(file));
    }
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
    const home = pages.get('/') ?? indexPage;
    app.get('/', (req, reply) => home.send(req, reply));
    // Their own routes, so the static plugin's wildcard does not look for a file first.
    for (const [route, page] of pages) if (route !== '/') app.get(route, { config: { access: PUBLIC } }, (req, reply) => page.send(req, reply));
  } else {
    app.log.warn({ staticDir }, 'SPA build not found; run `npm run build` (npm start does it for you)');
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsHtml = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (wantsHtml && indexPage && !/\.[a-z0-9]+$/i.test(path)) {
      const route = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      return (pages.get(route) ?? indexPage).send(req, reply);
    }
    return reply.status(404).send({ error: { code: 'not-found', message: `No route for ${req.method} ${path}.` } });
  });
}
