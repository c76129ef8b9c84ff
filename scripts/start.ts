/**
 * `npm start`: builds the SPA when its build is missing or older than its sources, then starts
 * the server (which applies migrations). Runs on the project's pinned Node (npm puts
 * node_modules/.bin first on PATH).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The prerendered home page is the last file `npm run build` writes.
const BUILD_MARK = 'dist/web/prerendered/index.html';
const SOURCES = ['web', 'src/contracts', 'vite.config.ts', 'package-lock.json', 'scripts/prerender.ts'];

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
if (built < sources) {
  console.warn('Building the web app (first start or sources changed)…');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import('../src/main.ts');
