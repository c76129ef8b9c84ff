/**
 * Analytics-style counter on the SQLite document store, driven over HTTP by 100 concurrent
 * clients (autocannon, a fixed number of requests). Prints increments/s, checks that the final
 * count equals the requests sent, and compares with a bare Fastify route on the same server in
 * the same run. Then the product itself: the real server (`src/main.ts`) taking
 * POST /api/analytics/page-view (CSRF, rate limit, the full page-view use case: six counters for a
 * first view) from 100 clients, and the stored totals read back after it stops; then 5 300 junk
 * first views (made-up pages, a new referrer each: the security review's flood) and the same
 * load again, which must go as fast and leave the stored record small. The servers run in
 * child processes so the load generator does not share their event loop.
 * Run: `node bench/document-store-increments.bench.ts` (or `npm run bench`).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openSqliteDocumentStore } from '../src/adapters/sqlite/sqlite-document-store.ts';
import { startServer } from '../test/support/server-process.ts';

const CONNECTIONS = 100;
const AMOUNT = Number(process.env.BENCH_AMOUNT ?? 10_000);
const DAY = '2026-11-22';

async function serve(file: string): Promise<void> {
  const store = openSqliteDocumentStore(file);
  const analytics = store.collection('analytics');
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  app.post('/track', async () => {
    await analytics.increment(DAY, { 'pageViews.home': 1 }, { upsert: true, set: { day: DAY } });
    return { ok: true };
  });
  app.get('/count', async () => ({ count: ((await analytics.get(DAY))?.pageViews as { home?: number } | undefined)?.home ?? 0 }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  process.once('SIGTERM', () => void app.close().then(() => store.close()));
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-docstore-'));
  const server = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', join(dir, 'bench.db')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => server.once('exit', r));
  try {
    const port = await new Promise<number>((resolve) => createInterface({ input: server.stdout }).once('line', (l) => resolve((JSON.parse(l) as { port: number }).port)));
    const base = `http://127.0.0.1:${port}`;
    const load = (path: string, method: 'GET' | 'POST') => autocannon({ url: `${base}${path}`, method, connections: CONNECTIONS, amount: AMOUNT });

    await load('/bare', 'GET'); // warm-up, not measured
    const bare = await load('/bare', 'GET');
    const track = await load('/track', 'POST');
    const { count } = (await (await fetch(`${base}/count`)).json()) as { count: number };
    const barePerS = bare['2xx'] / bare.duration;
    const incPerS = track['2xx'] / track.duration;
    console.log(`document-store increments: SQLite (WAL, synchronous=FULL), ${CONNECTIONS} clients, ${AMOUNT} requests a run`);
    console.log(`  bare Fastify route:   ${barePerS.toFixed(0)} req/s          p50 ${bare.latency.p50} ms  p99 ${bare.latency.p99} ms`);
    console.log(`  increment route:      ${incPerS.toFixed(0)} increments/s   p50 ${track.latency.p50} ms  p99 ${track.latency.p99} ms`);
    console.log(`  ratio to bare route:  ${(incPerS / barePerS).toFixed(3)}`);
    console.log(`  requests sent: ${AMOUNT}, 2xx: ${track['2xx']}, errors: ${track.errors + track.non2xx}, final count: ${count}`);
    if (count !== AMOUNT || track['2xx'] !== AMOUNT) {
      console.error(`  FAIL: final count ${count} (2xx ${track['2xx']}) is not the ${AMOUNT} requests sent`);
      return 1;
    }
    return await productRoute(barePerS);
  } finally {
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The real server and route: every view from its own client address (the limit is per address). */
async function productRoute(barePerS: number): Promise<number> {
  // Info-level request logs, as in production.
  const server = await startServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  try {
    const session = await fetch(`${server.url}/api/session`);
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    const cookie = session.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    let n = 0;
    const nextIp = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const views = (amount: number, body: (i: number) => object) =>
      autocannon({
        url: `${server.url}/api/analytics/page-view`,
        method: 'POST',
        connections: CONNECTIONS,
        amount,
        headers: { 'content-type': 'application/json', origin: server.url, 'x-csrf-token': csrfToken, cookie },
        body: JSON.stringify(body(0)),
        requests: [
          {
            // A different client address per request, as a busy public site sees.
            setupRequest: (req) => ({ ...req, body: JSON.stringify(body(n + 1)), headers: { ...req.headers, 'x-forwarded-for': nextIp() } }),
          },
        ],
      });
    const view = () => ({ page: 'home', referrer: null, firstVisit: true });
    const run = await views(AMOUNT, view);
    const JUNK = 5_300;
    const junk = await views(JUNK, (i) => ({ page: i % 2 ? `junk-${i}` : 'services', referrer: `https://junk-${i}.example/${'x'.repeat(100)}`, firstVisit: true }));
    const after = await views(AMOUNT, view);
    await server.stop();
    const store = openSqliteDocumentStore(join(server.dataDir, 'app.db'));
    const stats = (await store.collection('analytics').get('siteStats')) as { totalVisits?: number; pageViews?: Record<string, number>; referrers?: Record<string, number> } | null;
    await store.close();
    const total = stats?.totalVisits ?? 0;
    const bytes = JSON.stringify(stats ?? {}).length;
    const perS = run['2xx'] / run.duration;
    const afterPerS = after['2xx'] / after.duration;
    const sent = run['2xx'] + junk['2xx'] + after['2xx'];
    console.log(`  product page-view route (real server, CSRF, rate limit, 6 counters a first view):`);
    console.log(`                        ${perS.toFixed(0)} views/s        p50 ${run.latency.p50} ms  p99 ${run.latency.p99} ms  ratio to bare ${(perS / barePerS).toFixed(3)}`);
    console.log(`  after ${JUNK} junk first views (made-up pages, a new referrer each):`);
    console.log(`                        ${afterPerS.toFixed(0)} views/s        p50 ${after.latency.p50} ms  p99 ${after.latency.p99} ms  ratio to before ${(afterPerS / perS).toFixed(3)} (budget ≥ 0.7)`);
    console.log(`  stored record: ${bytes} bytes, ${Object.keys(stats?.referrers ?? {}).length} referrer keys, ${Object.keys(stats?.pageViews ?? {}).length} page keys (budget ≤ 16 384 bytes)`);
    console.log(`  requests sent: ${2 * AMOUNT + JUNK}, 2xx: ${sent}, errors: ${run.errors + run.non2xx + junk.errors + junk.non2xx + after.errors + after.non2xx}, stored totalVisits: ${total} (junk pages count nothing: ${JUNK / 2})`);
    const counted = 2 * AMOUNT + JUNK / 2;
    if (total !== counted || sent !== 2 * AMOUNT + JUNK) {
      console.error(`  FAIL: stored totalVisits ${total} (2xx ${sent}) is not the ${counted} public-page views sent`);
      return 1;
    }
    if (bytes > 16_384) console.error(`  over budget: the stored record is ${bytes} bytes`);
    if (afterPerS / perS < 0.7) console.error(`  over budget: ${afterPerS.toFixed(0)} views/s after the junk, ${perS.toFixed(0)} before`);
    return 0;
  } finally {
    await server.stop();
    server.cleanup();
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]!);
else process.exitCode = await main();
