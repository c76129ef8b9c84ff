/**
 * What one request costs through the whole server, per request class, against a bare Fastify
 * server serving the same bytes, measured in one run (issue 16). Classes: an authenticated list
 * (`GET /api/clients?limit=20`, ≈ 5.8 KB of JSON), an authenticated detail, an authenticated
 * write (`PATCH /api/clients/:id`), the public page-view write and a public page (`/services`,
 * asked for as a browser does, gzip accepted), and `GET /api/session` signed in (the framework path alone,
 * the floor under every authenticated class). For each: req/s, p50/p99 at 10 and 100
 * connections, the ratio to the bare route and its budget; the server's peak RSS under the load.
 * The real server (`src/main.ts`, NODE_ENV=development, info logs to a file as in production)
 * and the bare one each run in their own child process, so the load generator (autocannon, in
 * this process) does not share their event loop. The admin signs in through the embedded OpenID
 * provider, as the tests do.
 * Run: `npm run bench server-classes` (or `node bench/server-classes.bench.ts`);
 * BENCH_SECONDS (5) per measurement, BENCH_NODE_FLAGS='--flag …' adds V8 flags to the server's, BENCH_SERVER_DIR=<checkout> to measure another checkout's server, BENCH_CLASSES=list,write to measure only those, BENCH_JSON=<file> for the figures as JSON; BENCH_PROFILE=<dir> writes a CPU profile of the real server
 * under the load there (`npm run bench:profile`) and prints its heaviest functions.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TestClient } from '../test/support/http-client.ts';
import { DEMO } from '../test/support/demo-users.ts';
import { summariseProfile } from './profile-summary.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [10, 100] as const;
const RATIO_BUDGET = 0.3;
const P99_BUDGET_MS = 20;
const P99_GROWTH_BUDGET = 3;
const RSS_BUDGET_MB = 300;
const CLIENTS = 60;
const self = fileURLToPath(import.meta.url);

interface Canned {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  status: number;
  /** Request headers. */
  headers: Record<string, string>;
  contentType: string;
  body: string;
}

/** The bare server: one route per class answering the bytes the real server answered. */
async function serveBare(file: string): Promise<void> {
  const canned = JSON.parse(readFileSync(file, 'utf8')) as Canned[];
  const app = Fastify({ logger: false });
  for (const c of canned) {
    const body = Buffer.from(c.body, 'base64');
    app.route({ method: c.method, url: `/bare/${c.name}`, handler: async (_req, reply) => reply.status(c.status).type(c.contentType).send(c.status === 204 ? null : body) });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  process.once('SIGTERM', () => void app.close());
}

/** CPU time (user + system) the process has used, in ms. */
function cpuMs(pid: number): number {
  const { user, system } = cpuSplitMs(pid);
  return user + system;
}

/** CPU time the process has used in its own code (user) and in the kernel (system: syscalls, the loopback TCP path), in ms. */
function cpuSplitMs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: (Number(fields[11]) * 1000) / 100, system: (Number(fields[12]) * 1000) / 100 };
}

/**
 * Resident memory in MB: the total, its peak, and its parts — anon (heap, V8, malloc: the
 * process's own memory), file (mapped files: code, and the SQLite file through its memory map,
 * pages the OS can drop and share) and shmem (the SQLite -shm index).
 */
function rssMb(pid: number): { rss: number; peak: number; anon: number; file: number; shmem: number } {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) / 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM'), anon: kb('RssAnon'), file: kb('RssFile'), shmem: kb('RssShmem') };
  } catch {
    return { rss: NaN, peak: NaN, anon: NaN, file: NaN, shmem: NaN };
  }
}

async function until(check: () => boolean, what: string, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The real server with its log going to a file (as a service's log would), ready when it says so. */
async function startReal(dir: string): Promise<{ proc: ChildProcess; url: string; log: string; stop: () => Promise<void> }> {
  const log = join(dir, 'server.log');
  const fd = openSync(log, 'w');
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_PROFILE)}`] : [];
  // BENCH_SERVER_DIR=<another checkout> measures that checkout's server (a before/after in one sitting).
  // The V8 flags `npm start` gives the server (the young generation's size), read from package.json so the bench runs what production runs.
  const startScript = (JSON.parse(readFileSync(join(process.env.BENCH_SERVER_DIR ?? process.cwd(), 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['start'] ?? '';
  const v8Flags = [...(startScript.match(/--(?:max-[\w-]+-size|heap-growing-percent)=\d+/g) ?? []), ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [])];
  const proc = spawn(process.execPath, [...v8Flags, ...profile, 'src/main.ts'], {
    cwd: process.env.BENCH_SERVER_DIR ?? process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1',
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    },
    stdio: ['ignore', fd, 'inherit'],
  });
  closeSync(fd);
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  let port = 0;
  await until(() => {
    const ready = readFileSync(log, 'utf8').split('\n').find((l) => l.includes('"msg":"ready"'));
    if (ready) port = (JSON.parse(ready) as { port: number }).port;
    if (proc.exitCode !== null) throw new Error(`server exited: ${readFileSync(log, 'utf8')}`);
    return port > 0;
  }, 'the server to start');
  return {
    proc,
    url: `http://127.0.0.1:${port}`,
    log,
    stop: async () => {
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

async function startBare(file: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, [self, 'bare', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((r) => createInterface({ input: proc.stdout! }).once('line', (l) => r((JSON.parse(l) as { port: number }).port)));
  return { proc, url: `http://127.0.0.1:${port}` };
}

const CLIENT_NAMES = ['Bartholomew Montgomery', 'Maria Gutierrez', 'Christopher Richardson', 'Anastasia Papadopoulos', 'Oluwaseun Okonkwo', 'Guillermo Castellanos'];

function clientInput(i: number) {
  const name = `${CLIENT_NAMES[i % CLIENT_NAMES.length]} ${String(i).padStart(3, '0')}`;
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  const address = { line1: `${100 + i} Chestnut Ridge Boulevard`, line2: 'Building C, Suite 4400', city: 'Springfield', region: 'IL', postcode: '62701', country: 'US' };
  return {
    kind: i % 3 ? 'residential' : 'commercial',
    name,
    company: i % 3 ? '' : `${name.split(' ')[0]} Logistics and Storage Holdings`,
    contacts: [{ name, role: i % 3 ? '' : 'Owner', emails: [email], phones: ['(555) 201-7788'] }],
    billingAddress: address,
    tags: i % 2 ? ['monitoring'] : ['vip', 'warranty'],
    notes: 'Gate code changes every quarter; call ahead. Dog in the back yard.',
    source: 'referral',
    sites: [{ label: i % 3 ? 'Home' : 'Premises', address }],
  };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU ms per 1 000 answered requests: what a request costs, whatever else the machine runs. */
  cpuPerK: number;
  /** The part of that CPU spent in the kernel (socket writes and reads, the loopback TCP path, file writes). */
  sysShare: number;
}

type Shape = (n: number) => { body?: string; headers?: Record<string, string>; path?: string };

async function load(url: string, c: Canned, connections: number, seconds: number, request: Shape, pid: number): Promise<Figures> {
  let n = 0;
  const cpu0 = cpuMs(pid);
  const sys0 = cpuSplitMs(pid).system;
  const r = await autocannon({
    url,
    method: c.method,
    connections,
    duration: seconds,
    headers: c.headers,
    requests: [
      {
        setupRequest: (req) => {
          const extra = request(n++);
          return { ...req, ...(extra.body !== undefined ? { body: extra.body } : {}), ...(extra.path ? { path: extra.path } : {}), headers: { ...req.headers, ...extra.headers } };
        },
      },
    ],
  });
  const cpu = cpuMs(pid) - cpu0;
  const sys = cpuSplitMs(pid).system - sys0;
  return { rps: r['2xx'] / r.duration, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, cpuPerK: (cpu * 1000) / Math.max(1, r['2xx']), sysShare: cpu > 0 ? sys / cpu : 0 };
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-classes-'));
  if (!existsSync(join(process.env.STATIC_DIR ?? 'dist/web', 'prerendered/services.html'))) console.log('  note: no prerendered /services in the build (npm run build); the public page is the SPA shell');
  const real = await startReal(dir);
  let bare: { proc: ChildProcess; url: string } | undefined;
  let peakRss = 0;
  let peakAnon = 0;
  const sampler = setInterval(() => {
    const m = rssMb(real.proc.pid!);
    peakRss = Math.max(peakRss, m.rss || 0);
    peakAnon = Math.max(peakAnon, m.anon || 0);
  }, 200);
  try {
    const admin = new TestClient(real.url);
    await admin.signIn(DEMO.admin);
    const ids: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const res = await admin.send('POST', '/api/clients', clientInput(i));
      if (res.status !== 201) throw new Error(`seeding client ${i}: HTTP ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const cookie = admin.cookieHeader();
    const csrf = await admin.csrfToken();
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', 'accept-encoding': 'gzip, deflate, br, zstd' };
    const authed = { ...browser, cookie };
    const writeHeaders = { ...authed, origin: real.url, 'x-csrf-token': csrf, 'content-type': 'application/json' };
    let ip = 0;
    const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
    const pageView = JSON.stringify({ page: 'home', referrer: null, firstVisit: true });

    const classes: { c: Omit<Canned, 'status' | 'body' | 'contentType'>; request: Shape }[] = [
      { c: { name: 'list', method: 'GET', path: '/api/clients?limit=20', headers: authed }, request: () => ({}) },
      { c: { name: 'detail', method: 'GET', path: `/api/clients/${ids[7]}`, headers: authed }, request: () => ({}) },
      {
        // One client after another, so concurrent writes rarely touch the same record.
        c: { name: 'write', method: 'PATCH', path: `/api/clients/${ids[0]}`, headers: writeHeaders },
        request: (n) => ({ body: JSON.stringify({ notes: `Gate code changes every quarter (${n}).` }) }),
      },
      {
        c: { name: 'page-view', method: 'POST', path: '/api/analytics/page-view', headers: { ...browser, origin: real.url, 'x-csrf-token': csrf, cookie, 'content-type': 'application/json' } },
        request: () => ({ body: pageView, headers: { 'x-forwarded-for': nextIp() } }),
      },
      { c: { name: 'public-page', method: 'GET', path: '/services', headers: browser }, request: () => ({}) },
      // The floor under every authenticated class: the framework path alone (session, identity,
      // CSRF token, headers, log line) with no read of the store beyond the session.
      { c: { name: 'session', method: 'GET', path: '/api/session', headers: authed }, request: () => ({}) },
    ];
    const writePath = (n: number) => `/api/clients/${ids[n % ids.length]}`;

    // What the real server answers, byte for byte, for the bare server to serve.
    const canned: Canned[] = [];
    for (const { c, request } of classes) {
      const first = request(0);
      const res = await fetch(`${real.url}${c.path}`, { method: c.method, headers: { ...c.headers, ...first.headers, 'accept-encoding': 'identity' }, ...(first.body ? { body: first.body } : {}) });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status >= 300) throw new Error(`${c.name}: HTTP ${res.status} ${body.toString()}`);
      canned.push({ ...c, status: res.status, contentType: res.headers.get('content-type') ?? 'application/json', body: body.toString('base64') });
    }
    const cannedFile = join(dir, 'canned.json');
    writeFileSync(cannedFile, JSON.stringify(canned));
    bare = await startBare(cannedFile);

    // What the server burns with no requests (timers, sweeps), which every figure below includes.
    const idle0 = cpuMs(real.proc.pid!);
    await new Promise((r) => setTimeout(r, 3000));
    const idleMsPerS = (cpuMs(real.proc.pid!) - idle0) / 3;
    const atRest = rssMb(real.proc.pid!);
    const logLinesBefore = readFileSync(real.log, 'utf8').split('\n').length;
    let realRequests = 0;
    console.log(`server request classes: real server (src/main.ts, info logs to a file) vs a bare Fastify route with the same bytes; ${SECONDS} s a measurement, load generator in its own process`);
    console.log(`  budgets: ratio ≥ ${RATIO_BUDGET} at 10 conns, p99 ≤ ${P99_BUDGET_MS} ms at 10 conns, p99 at 100 ≤ ${P99_GROWTH_BUDGET}× p99 at 10, RSS ≤ ${RSS_BUDGET_MB} MB`);
    console.log(`  server CPU while idle: ${idleMsPerS.toFixed(0)} ms/s; RSS before the load ${atRest.rss.toFixed(0)} MB (anon ${atRest.anon.toFixed(0)}, file-backed ${atRest.file.toFixed(0)})`);
    console.log('  (cpu: server CPU ms per 1 000 requests; "cpu ratio" = bare cpu ÷ real cpu, the ratio a quiet machine would show when the server is the bottleneck)');
    console.log('  class        bytes  conns | bare req/s  p50   p99   cpu | real req/s  p50   p99   cpu | ratio  cpu ratio  budget');
    const results: Record<string, unknown>[] = [];
    const misses: string[] = [];
    const only = process.env.BENCH_CLASSES?.split(',');
    for (const [i, { c, request }] of classes.entries()) {
      if (only && !only.includes(c.name)) continue;
      const bytes = Buffer.from(canned[i]!.body, 'base64').length;
      const realRequest: Shape = c.name === 'write' ? (n) => ({ ...request(n), path: writePath(n) }) : request;
      // Warm-up (not measured): JIT, caches, connection set-up.
      await load(`${bare.url}/bare/${c.name}`, canned[i]!, 10, 1, request, bare.proc.pid!);
      await load(`${real.url}${c.path}`, canned[i]!, 10, 1, realRequest, real.proc.pid!);
      const byConns: Record<number, { bare: Figures; real: Figures }> = {};
      for (const connections of CONNECTIONS) {
        const b = await load(`${bare.url}/bare/${c.name}`, canned[i]!, connections, SECONDS, request, bare.proc.pid!);
        const r = await load(`${real.url}${c.path}`, canned[i]!, connections, SECONDS, realRequest, real.proc.pid!);
        realRequests += Math.round(r.rps * SECONDS);
        byConns[connections] = { bare: b, real: r };
        const ratio = r.rps / b.rps;
        const cpuRatio = b.cpuPerK / r.cpuPerK;
        const ok = connections === 10 ? (ratio >= RATIO_BUDGET && r.p99 <= P99_BUDGET_MS ? 'met' : 'MISSED') : r.p99 <= P99_GROWTH_BUDGET * byConns[10]!.real.p99 ? 'met' : 'MISSED';
        console.log(
          `  ${c.name.padEnd(12)} ${String(bytes).padStart(6)} ${String(connections).padStart(5)} | ${b.rps.toFixed(0).padStart(10)} ${String(b.p50).padStart(4)} ${String(b.p99).padStart(5)} ${b.cpuPerK.toFixed(0).padStart(5)} | ${r.rps.toFixed(0).padStart(10)} ${String(r.p50).padStart(4)} ${String(r.p99).padStart(5)} ${r.cpuPerK.toFixed(0).padStart(5)} | ${ratio.toFixed(3)}  ${cpuRatio.toFixed(3).padStart(9)}  ${ok}  (kernel ${Math.round(b.sysShare * 100)} % / ${Math.round(r.sysShare * 100)} % of cpu)${r.errors ? `  (${r.errors} errors)` : ''}`,
        );
        if (ok !== 'met') misses.push(`${c.name}@${connections}`);
        results.push({ class: c.name, bytes, connections, bareRps: Math.round(b.rps), realRps: Math.round(r.rps), ratio: Number(ratio.toFixed(3)), cpuRatio: Number(cpuRatio.toFixed(3)), bareCpuPerK: Math.round(b.cpuPerK), cpuPerK: Math.round(r.cpuPerK), p50: r.p50, p99: r.p99, bareP99: b.p99, errors: r.errors });
      }
    }
    const rss = rssMb(real.proc.pid!);
    peakRss = Math.max(peakRss, rss.rss || 0);
    peakAnon = Math.max(peakAnon, rss.anon || 0);
    console.log(`  server RSS: now ${rss.rss.toFixed(0)} MB, peak sampled ${peakRss.toFixed(0)} MB, VmHWM ${rss.peak.toFixed(0)} MB (budget ≤ ${RSS_BUDGET_MB} MB) ${rss.peak <= RSS_BUDGET_MB ? 'met' : 'MISSED'}`);
    console.log(`  of which now: anon ${rss.anon.toFixed(0)} MB (peak sampled ${peakAnon.toFixed(0)} MB), file-backed ${rss.file.toFixed(0)} MB (code, the SQLite memory map), shmem ${rss.shmem.toFixed(0)} MB`);
    await real.stop();
    const logLines = readFileSync(real.log, 'utf8').split('\n').length - logLinesBefore;
    console.log(`  log lines during the load: ${logLines} for ≈ ${realRequests} measured requests (+ warm-ups): ${(logLines / realRequests).toFixed(2)} a request`);
    console.log(misses.length ? `  budgets missed: ${misses.join(', ')}` : '  every class within its budgets');
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, rssPeakMb: Math.round(rss.peak), rssAnonPeakMb: Math.round(peakAnon), results }, null, 1));
    if (process.env.BENCH_PROFILE) {
      const dirp = resolve(process.env.BENCH_PROFILE);
      const newest = readdirSync(dirp).filter((f) => f.endsWith('.cpuprofile')).sort().at(-1);
      if (newest) {
        console.log(`  CPU profile of the real server: ${join(dirp, newest)} (open in Chrome DevTools → Performance)`);
        console.log(summariseProfile(join(dirp, newest), 25));
      }
    }
    return 0;
  } finally {
    clearInterval(sampler);
    bare?.proc.kill('SIGTERM');
    await real.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'bare') await serveBare(process.argv[3]!);
else process.exitCode = await main();
