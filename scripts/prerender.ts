/**
 * Post-build step (`npm run build`): renders the public screens to static HTML so a phone paints
 * the page before any JavaScript has run. For each route, dist/web/index.html with the screen's
 * markup inside #root is written to dist/web/prerendered/<name>.html; the BFF
 * (src/http/plugins/spa.ts) serves that file for the route, and main.tsx hydrates it (React
 * attaches to the markup instead of drawing it again). No inline script or data (the CSP forbids
 * inline scripts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { PRERENDERED_DIR, PRERENDERED_ROUTES, prerenderedFile } from '../src/http/plugins/spa.ts';

process.env.NODE_ENV = 'production'; // React's production server renderer
const WEB = resolve('dist/web');
const ROOT_MARKUP = /<div id="root">[\s\S]*?<\/div>\s*<\/body>/;

const entry = (await import(pathToFileURL(resolve('dist/prerender/prerender.js')).href)) as { renderRoute(url: string): Promise<string> };
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const BOOT_SCRIPT = '<script src="/theme-boot.js"></script>';
const built = readFileSync(resolve(WEB, 'index.html'), 'utf8');
if (!ROOT_MARKUP.test(built)) throw new Error('dist/web/index.html: <div id="root"> not found at the end of <body>');
const entrySrc = ENTRY_SCRIPT.exec(built)?.[1];
if (entrySrc === undefined || !built.includes(BOOT_SCRIPT)) throw new Error('dist/web/index.html: the entry <script type="module"> or theme-boot.js not found');
// A prerendered page paints with its HTML and CSS alone; theme-boot.js loads the app's code after
// that first paint (it then hydrates the page), so on a phone the code does not take the
// bandwidth the HTML and CSS need.
const shell = built.replace(ENTRY_SCRIPT, '').replace(BOOT_SCRIPT, `<script src="/theme-boot.js" data-app="${entrySrc}"></script>`);

rmSync(resolve(WEB, PRERENDERED_DIR), { recursive: true, force: true });
mkdirSync(resolve(WEB, PRERENDERED_DIR), { recursive: true });
for (const route of PRERENDERED_ROUTES) {
  const markup = await entry.renderRoute(route);
  const html = shell.replace(ROOT_MARKUP, () => `<div id="root" data-prerendered="">${markup}</div>\n  </body>`);
  writeFileSync(resolve(WEB, prerenderedFile(route)), html);
  console.log(`prerendered ${route} → dist/web/${prerenderedFile(route)} (${(html.length / 1024).toFixed(1)} KB)`);
}
rmSync(resolve('dist/prerender'), { recursive: true, force: true });
