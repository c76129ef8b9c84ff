/**
 * `npm test`: lint (incl. the dependency rule), typecheck, build the SPA, then every test layer
 * (unit, web, contract, api, e2e in real Chromium). Ends with one summary line
 * "tests: N passed, N failed, N skipped".
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(`Chromium not found at ${chrome}. Install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

interface Step {
  title: string;
  cmd: string;
  args: string[];
}

/** Runs one step with its output kept, and prints it whole when the step ends (lanes run side by side). */
function run(step: Step): Promise<{ step: Step; status: number | null; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (status) =>
      resolve({ step, status, output: Buffer.concat(chunks).toString('utf8'), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/** A lane: its steps one after another; the first failure ends the lane. */
async function lane(steps: Step[]): Promise<boolean> {
  for (const step of steps) {
    const r = await run(step);
    console.log(`\n▶ ${step.title}`);
    if (r.output.trim()) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
    if (r.status !== 0) {
      console.error(`✖ ${step.title} failed (exit ${r.status}).`);
      return false;
    }
    console.log(`✔ ${step.title} (${r.seconds.toFixed(1)} s)`);
  }
  return true;
}

console.log(`Node ${process.version}`);
// Two lanes side by side (each step is one process on one core): lint and build, and the three typechecks.
const checksStarted = Date.now();
const lanes = await Promise.all([
  lane([
    { title: 'lint', cmd: 'npx', args: ['eslint', '--max-warnings=0', '.'] },
    { title: 'dependency rule', cmd: 'npx', args: ['depcruise', '--config', '.dependency-cruiser.cjs', 'src', 'web/src'] },
    { title: 'build (SPA + prerendered public pages)', cmd: 'npm', args: ['run', 'build', '--silent'] },
  ]),
  lane([
    { title: 'typecheck (server)', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
    { title: 'typecheck (e2e)', cmd: 'npx', args: ['tsc', '-p', 'test/e2e/tsconfig.json', '--noEmit'] },
    { title: 'typecheck (web)', cmd: 'npx', args: ['tsc', '-p', 'web/tsconfig.json', '--noEmit'] },
  ]),
]);
if (lanes.includes(false)) process.exit(1);
console.log(`\n✔ checks and build (${((Date.now() - checksStarted) / 1000).toFixed(1)} s)`);

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
