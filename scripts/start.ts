/**
 * `npm start`: loads `.env` when there is one (variables already set win), builds the SPA when
 * its build is missing or older than its sources, then starts the server (which applies
 * migrations). Runs on the project's pinned Node (npm puts node_modules/.bin first on PATH).
 * With STATIC_DIR pointing elsewhere, that directory is served as it is and nothing is built.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadDotEnv } from './dot-env.ts';

loadDotEnv();

// The prerendered home page is the last file `npm run build` writes.
const BUILD_MARK = 'dist/web/prerendered/index.html';
// The SPA bundles its own code, the shared contracts and pure domain modules (menus, rules).
const SOURCES = ['web', 'src/contracts', 'src/domain', 'vite.config.ts', 'package-lock.json', 'scripts/prerender.ts'];
const OWN_BUILD = !process.env.STATIC_DIR || resolve(process.env.STATIC_DIR) === resolve('dist/web');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'routeTree.gen.ts') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

const built = existsSync(BUILD_MARK) ? statSync(BUILD_MARK).mtimeMs : 0;
const sources = Math.max(...SOURCES.map(newestMtime));
if (OWN_BUILD && built < sources) {
  console.warn('Building the web app (first start or sources changed)…');
  // Always a production build, whatever NODE_ENV the server itself runs with.
  const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import('../src/main.ts');
