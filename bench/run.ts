/**
 * Runs every `bench/*.bench.ts` in its own process, one after another, so benches never compete
 * for the two cores. Exits non-zero when any bench fails. `npm run bench [name-filter]`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

// The browser benches measure what visitors get: the full build with prerendered pages.
if (!existsSync('dist/web/prerendered/index.html')) {
  console.log('Building the web app with its prerendered pages (npm run build)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const res = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (res.status !== 0) failed.push(file);
}
console.log(`\n${benches.length - failed.length} of ${benches.length} benches finished${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exitCode = failed.length ? 1 : 0;
