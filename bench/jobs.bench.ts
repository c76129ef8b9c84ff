/**
 * The job board at 200 000 jobs (for 100 000 clients) on SQLite. Seeds clients and jobs straight
 * into a fresh database file in one transaction, using the adapters' own document mappings and
 * the domain's `newJob` (numbers, search terms), then starts the real server on it, signs in as
 * the admin and times GET /api/jobs/board one request at a time: the default board, filtered by
 * type and by employee, the week calendar and the list's first pages. Prints p50/p95/p99 per
 * kind against GET /api/health in the same run. Target: board p95 ≤ 50 ms.
 * Run: `node bench/jobs.bench.ts` (BENCH_JOBS=…, BENCH_CLIENTS=… to resize; BENCH_DB=file seeds that
 * file once and reuses it on later runs, seeding takes minutes).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectionInserter } from '../src/adapters/sqlite/sqlite-collection-tables.ts';
import { openSqlite, migrate } from '../src/adapters/sqlite/sqlite-database.ts';
import { sqliteDocumentStore } from '../src/adapters/sqlite/sqlite-document-store.ts';
import { CLIENTS, clientToDoc } from '../src/adapters/documents/document-client-repository.ts';
import { JOB_ASSIGNMENTS, JOBS, assignmentDocs, jobToDoc } from '../src/adapters/documents/document-job-repository.ts';
import { encodeDocument, type DocumentData } from '../src/domain/persistence/document-data.ts';
import { emptyAlarm, type Client } from '../src/domain/clients/client.ts';
import { newJob, JOB_TYPES, type Job, type JobStatus } from '../src/domain/jobs/job.ts';
import { listenTestApp } from '../test/support/app.ts';
import { TestClient } from '../test/support/http-client.ts';
import { DEMO } from '../test/support/demo-users.ts';
import { seededRandom } from '../test/unit/planner/planner-factories.ts';
import { fmt, pct } from './latency-figures.ts';

const JOB_COUNT = Number(process.env.BENCH_JOBS ?? 200_000);
const CLIENT_COUNT = Number(process.env.BENCH_CLIENTS ?? 100_000);
const REQUESTS_PER_KIND = Number(process.env.BENCH_REQUESTS ?? 60);
const TARGET_P95_MS = 50;
const EMPLOYEES = Array.from({ length: 12 }, (_, i) => `emp-bench-${i}`);

// Deterministic pseudo-random data (mulberry32), so every run seeds the same jobs.
const rand = seededRandom(7);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const LAST = 'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts'.split(' ');
const STREETS = 'oak maple cedar pine elm washington lake hill walnut park sunset highland river spring church main mill chestnut willow meadow'.split(' ');
const WORK = ['alarm install', 'camera upgrade', 'panel swap', 'annual inspection', 'sensor service', 'doorbell camera', 'smoke detector check', 'new build prewire', 'keypad replacement', 'consultation visit'];
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
const NOW = Date.now();
const DAY = 86_400_000;

// Most jobs are history; a working board has a few hundred open ones.
const STATUS_WEIGHTS: [JobStatus, number][] = [
  ['completed', 0.86],
  ['cancelled', 0.05],
  ['scheduled', 0.05],
  ['unscheduled', 0.02],
  ['in-progress', 0.01],
  ['on-hold', 0.01],
];
function pickStatus(): JobStatus {
  let r = rand();
  for (const [s, w] of STATUS_WEIGHTS) if ((r -= w) < 0) return s;
  return 'completed';
}

function makeClient(i: number, at: string): Client {
  const last = cap(pick(LAST));
  const address = { line1: `${1 + Math.floor(rand() * 9000)} ${cap(pick(STREETS))} Street`, line2: '', city: 'Springfield', region: 'IL', postcode: String(62700 + Math.floor(rand() * 99)), country: 'US' };
  return {
    id: `c${i.toString(36).padStart(6, '0')}`,
    kind: 'residential',
    name: `${cap(pick(LAST))} ${last}`,
    company: '',
    contacts: [],
    billingAddress: address,
    tags: [],
    notes: '',
    source: 'website',
    archived: false,
    leadId: null,
    sites: [{ id: 's1', label: 'Home', address, geo: null, alarm: emptyAlarm() }],
    createdAt: at,
    updatedAt: at,
  };
}

function makeJob(seq: number, client: Client): Job {
  const status = pickStatus();
  const at = new Date(NOW - 3 * 365 * DAY + (seq / JOB_COUNT) * 3 * 365 * DAY).toISOString();
  const base = newJob({
    id: `j${seq.toString(36).padStart(7, '0')}`,
    seq,
    clientId: client.id,
    clientName: client.name,
    siteId: 's1',
    siteLabel: 'Home',
    siteAddress: `${client.sites[0]!.address.line1}, Springfield`,
    geo: null,
    type: pick(JOB_TYPES),
    title: cap(pick(WORK)),
    notes: '',
    checklist: [],
    proposalId: null,
    parentJobId: null,
    at,
  });
  if (status === 'unscheduled') return { ...base, status };
  // History lies in the past, open work around now.
  const open = status !== 'completed' && status !== 'cancelled';
  const start = open ? NOW + Math.floor((rand() * 40 - 5) * DAY) : Date.parse(at) + Math.floor(rand() * 20) * DAY;
  const assignees = [pick(EMPLOYEES), ...(rand() < 0.3 ? [pick(EMPLOYEES)] : [])];
  return {
    ...base,
    status,
    scheduledStart: new Date(start).toISOString(),
    scheduledEnd: new Date(start + (1 + Math.floor(rand() * 6)) * 3_600_000).toISOString(),
    assignees: [...new Set(assignees)],
  };
}

async function seedDatabase(file: string): Promise<void> {
  const db = openSqlite(file);
  migrate(db);
  db.pragma('synchronous = OFF');
  const insert = collectionInserter(db);
  const clients: Client[] = [];
  db.transaction(() => {
    for (let i = 0; i < CLIENT_COUNT; i++) {
      const at = new Date(NOW - 4 * 365 * DAY + i * 60_000).toISOString();
      const c = makeClient(i, at);
      clients.push(c);
      insert.run(CLIENTS, c.id, JSON.stringify(encodeDocument(clientToDoc(c) as unknown as DocumentData)), at, at);
    }
    for (let seq = 1; seq <= JOB_COUNT; seq++) {
      const job = makeJob(seq, pick(clients));
      insert.run(JOBS, job.id, JSON.stringify(encodeDocument(jobToDoc(job))), job.createdAt, job.updatedAt);
      for (const a of assignmentDocs(job)) insert.run(JOB_ASSIGNMENTS, a.id, JSON.stringify(a.doc), job.createdAt, job.updatedAt);
    }
    insert.run('counters', 'jobs', JSON.stringify({ value: JOB_COUNT }), new Date(NOW).toISOString(), new Date(NOW).toISOString());
  })();
  db.pragma('synchronous = FULL');
  // Opening a store builds the expression indexes; ANALYZE gives the planner its statistics.
  await sqliteDocumentStore(db).close();
  db.exec('ANALYZE');
  db.close();
}

async function main(): Promise<void> {
  const keep = process.env.BENCH_DB;
  const dir = keep ? null : mkdtempSync(join(tmpdir(), 'bench-jobs-'));
  const file = keep ?? join(dir!, 'jobs.db');
  try {
    let t0 = performance.now();
    if (!keep || !existsSync(file)) await seedDatabase(file);
    const seedMs = performance.now() - t0;
    t0 = performance.now();
    const t = await listenTestApp({ DATABASE_URL: `sqlite:${file}` });
    const openMs = performance.now() - t0;
    const store = t.container.resolve((await import('../src/container.ts')).TOKENS.Store);
    const [jobs, clients] = await Promise.all([store.collection(JOBS).count(), store.collection(CLIENTS).count()]);
    console.log(`seeded ${clients} clients + ${jobs} jobs, indexes built, ANALYZE, in ${(seedMs / 1000).toFixed(1)} s; server open in ${(openMs / 1000).toFixed(1)} s`);
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);

    const week = () => {
      const from = NOW + Math.floor(rand() * 4 - 1) * 7 * DAY;
      return `from=${new Date(from).toISOString()}&to=${new Date(from + 7 * DAY).toISOString()}`;
    };
    const kinds: Record<string, () => string> = {
      'board (default)': () => '/api/jobs/board',
      'board by type': () => `/api/jobs/board?type=${pick(JOB_TYPES)}`,
      'board by employee': () => `/api/jobs/board?employee=${pick(EMPLOYEES)}`,
      'week calendar': () => `/api/jobs/calendar?${week()}`,
      'week, one employee': () => `/api/jobs/calendar?${week()}&employee=${pick(EMPLOYEES)}`,
      'list newest': () => '/api/jobs?sort=number&dir=desc',
      'list by status': () => `/api/jobs?status=${pick(['scheduled', 'in-progress', 'unscheduled'])}&sort=number`,
      'list search (surname)': () => `/api/jobs?q=${pick(LAST)}`,
      // A word no job has: before the term index this scanned every job (≈ 8 s at 200 000).
      'list search (no match)': () => `/api/jobs?q=zq${Math.floor(rand() * 1e6).toString(36)}`,
      'list search (two words)': () => `/api/jobs?q=${pick(LAST)}%20${pick(JOB_TYPES).slice(0, 4)}`,
    };
    const time = async (url: string): Promise<number> => {
      const s = performance.now();
      const res = await c.get(url);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${body}`);
      return performance.now() - s;
    };
    for (let i = 0; i < 30; i++) await time(pick(Object.values(kinds))());
    const health: number[] = [];
    for (let i = 0; i < 100; i++) {
      const s = performance.now();
      await (await c.get('/api/health')).text();
      health.push(performance.now() - s);
    }
    const board: number[] = [];
    console.log(`\n${'kind'.padEnd(26)}    p50     p95     p99`);
    for (const [name, url] of Object.entries(kinds)) {
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS_PER_KIND; i++) ms.push(await time(url()));
      if (name.startsWith('board')) board.push(...ms);
      console.log(`${name.padEnd(26)}${fmt(pct(ms, 50))} ${fmt(pct(ms, 95))} ${fmt(pct(ms, 99))}`);
    }
    const hp50 = pct(health, 50);
    console.log(`${'GET /api/health (baseline)'.padEnd(26)}${fmt(hp50)} ${fmt(pct(health, 95))} ${fmt(pct(health, 99))}`);
    const p95 = pct(board, 95);
    console.log(`\njob board p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_P95_MS} ms) — ${p95 <= TARGET_P95_MS ? 'OK' : 'OVER TARGET'}; board p50 = ${(pct(board, 50) / hp50).toFixed(1)}× the health route`);
    await t.close();
    if (p95 > TARGET_P95_MS) process.exitCode = 1;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
