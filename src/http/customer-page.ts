import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Pages a customer reaches from a link in a mail without the SPA (the unsubscribe page): the
 * site's own stylesheet (the hashed file the built index.html links, read once at start-up) and
 * the `customer-page` classes of web/src/styles.css, so the page looks like the site. The CSP
 * forbids inline styles, so there are none; without a build the page is plain but whole.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The built SPA's stylesheet paths ("/assets/index-….css"); empty without a build. */
    siteStylesheets: readonly string[];
  }
}

/** The stylesheet links of the built index.html. */
export function siteStylesheets(staticDir: string): string[] {
  const index = join(staticDir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1] ?? '').filter((h) => h.startsWith('/'));
}

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A whole page: the company's name as the header, a title and the body (HTML the caller escaped). */
export function customerPage(p: { title: string; company: string; stylesheets: readonly string[]; body: string }): string {
  const links = p.stylesheets.map((h) => `<link rel="stylesheet" href="${escapeHtml(h)}">`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(p.title)} · ${escapeHtml(p.company)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${links}<script src="/theme-boot.js"></script></head><body class="customer-page"><header class="customer-page-header"><a href="/">${escapeHtml(p.company)}</a></header><main class="customer-page-card"><h1>${escapeHtml(p.title)}</h1>${p.body}</main></body></html>`;
}
