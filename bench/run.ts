<<<<<<< HEAD
/** `npm run bench`: runs each bench/*.bench.ts (or those named on the command line) in turn. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
if (files.length === 0) {
  console.error('No bench files matched.');
  process.exit(1);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, [`bench/${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
=======
/**
 * Runs every `bench/*.bench.ts` in its own process, one after another, so benches never compete
 * for the two cores. Exits non-zero when any bench fails. `npm run bench [name-filter]`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const res = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (res.status !== 0) failed.push(file);
}
console.log(`\n${benches.length - failed.length} of ${benches.length} benches finished${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exitCode = failed.length ? 1 : 0;
>>>>>>> wt-b
