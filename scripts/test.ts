/**
 * `npm test`: lint (incl. the dependency rule), typecheck, build the SPA, then every test layer
 * (unit, web, contract, api, e2e in real Chromium). Ends with one summary line
 * "tests: N passed, N failed, N skipped".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(`Chromium not found at ${chrome}. Install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

function step(title: string, cmd: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`✖ ${title} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

console.log(`Node ${process.version}`);
step('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
step('dependency rule', 'npx', ['depcruise', '--config', '.dependency-cruiser.cjs', 'src', 'web/src']);
step('typecheck (server)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('typecheck (e2e)', 'npx', ['tsc', '-p', 'test/e2e/tsconfig.json', '--noEmit']);
step('build (SPA + prerendered public pages)', 'npm', ['run', 'build', '--silent']);
step('typecheck (web)', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
// test/support/browser.ts appends a line per Chromium it launches (its version).
const launches = 'test-results/chromium-launches.txt';
rmSync(launches, { force: true });
console.log('\n▶ tests: unit, web, contract, api, e2e');
const r = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  stdio: 'inherit',
});

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { status: string }[] }[];
}
if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  const layer = (dir: string) =>
    j.testResults
      .filter((f) => f.name.includes(`/test/${dir}/`))
      .flatMap((f) => f.assertionResults)
      .filter((a) => a.status === 'passed').length;
  const browsers = existsSync(launches) ? readFileSync(launches, 'utf8').trim().split('\n') : [];
  const versions = [...new Set(browsers)].join(', ') || 'none';
  console.log(
    `\nBy layer (passed): unit ${layer('unit') - layer('unit/web')}, web ${layer('unit/web')}, contract ${layer('contract')}, api ${layer('api')}, e2e ${layer('e2e')} (${browsers.length} Chromium launches at ${chrome}: ${versions})`,
  );
  console.log(`tests: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${j.numPendingTests + j.numTodoTests} skipped`);
}
process.exit(r.status ?? 1);
