/**
 * `npm run bench document-writes`: what one document write costs the SQLite store, statement by
 * statement (issue 16, row W4 of bench/README.md). On an SQLite file with every declared index
 * built (the store builds them when it opens), it times, in CPU and wall µs a write:
 * - a 250-byte document upserted (`set`) into client_terms, 100 at a time (one group commit each),
 * - a 1.2 KB client document updated (`update` of its notes: the term triggers fire, no term changes),
 * - a counter incremented with upsert in rate_limits (the page-view and rate-limit path).
 * `synchronous = NORMAL`, so the fsync (the disk's cost, not the statement's) stays out of it.
 * `BENCH_SRC_DIR=<checkout>` times another checkout's store (before/after in one sitting).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as SqliteDatabase from '../src/adapters/sqlite/sqlite-database.ts';
import type * as SqliteDocumentStore from '../src/adapters/sqlite/sqlite-document-store.ts';
import type { DocumentStore } from '../src/domain/persistence/document-store.ts';

type Store = DocumentStore;
const src = resolve(process.env.BENCH_SRC_DIR ?? process.cwd());
const dbModule = (await import(pathToFileURL(join(src, 'src/adapters/sqlite/sqlite-database.ts')).href)) as typeof SqliteDatabase;
const storeModule = (await import(pathToFileURL(join(src, 'src/adapters/sqlite/sqlite-document-store.ts')).href)) as typeof SqliteDocumentStore;

const N = Number(process.env.BENCH_WRITES ?? 3000);
const GROUP = 100;
const dir = mkdtempSync(join(tmpdir(), 'document-writes-'));
const db = dbModule.openSqlite(join(dir, 'app.db'));
db.pragma('synchronous = NORMAL');
const store: Store = storeModule.sqliteDocumentStore(db);

/** Runs `n` writes, GROUP at a time, and answers CPU and wall µs a write. */
async function timed(n: number, write: (i: number) => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i += GROUP) await Promise.all(Array.from({ length: Math.min(GROUP, n - i) }, (_, k) => write(i + k)));
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / n, wall: ((performance.now() - t0) * 1000) / n };
}

const words = (i: number): string[] => ['vanderbilt', 'olafsdottir', `n${i}`, 'springfield', 'oak', 'street', `${1000 + i}`, 'elm', 'avenue'].concat(Array.from({ length: 16 }, (_, k) => `t${(i * 31 + k) % 997}`));
const client = (i: number) => ({
  name: `Ólafsdóttir-Vanderbilt ${i}`,
  nameKey: `olafsdottir-vanderbilt ${String(i).padStart(6, '0')}`,
  status: 'active',
  kind: i % 2 ? 'residential' : 'commercial',
  source: 'website',
  tags: ['vip', 'alarm'],
  notes: 'Gate code at the side entrance; dog in the back yard. '.repeat(6),
  search: words(i),
  sites: [{ id: `s-${i}`, street: `${1000 + i} Oak Street`, city: 'Springfield', postalCode: '62704' }],
  contacts: [{ id: `p-${i}`, name: 'Maria Ólafsdóttir', email: `maria.${i}@example.com`, phone: '+1 217 555 0100' }],
});

try {
  await timed(300, (i) => store.collection('client_terms').set(`warm-${i}`, { clientId: `c-${i}`, term: `w${i}` }));
  for (let i = 0; i < N; i += GROUP) await Promise.all(Array.from({ length: Math.min(GROUP, N - i) }, (_, k) => store.collection('clients').create(client(i + k), `c-${i + k}`)));
  const terms = await timed(N, (i) => store.collection('client_terms').set(`t-${i}`, { clientId: `c-${i}`, term: `olafsdottir-${i}`, field: 'name', position: i % 7, at: '2026-11-26T12:00:00.000Z', padding: 'x'.repeat(120) }));
  const updates = await timed(N, (i) => store.collection('clients').update(`c-${i}`, { notes: `Called back ${i}; gate code changed.` }));
  const counters = await timed(N, (i) => store.collection('rate_limits').increment(`w-${i % 50}`, { count: 1 }, { upsert: true, set: { expiresAt: '2099-01-01T00:00:00.000Z' } }));
  const indexes = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'index'").get() as { n: number }).n;
  console.log(`store: ${src} (${indexes} indexes in the file)`);
  console.log(`term document set (250 B)     cpu ${terms.cpu.toFixed(1)} µs a write, wall ${terms.wall.toFixed(1)} µs`);
  console.log(`client update (1.2 KB)        cpu ${updates.cpu.toFixed(1)} µs a write, wall ${updates.wall.toFixed(1)} µs`);
  console.log(`counter increment (upsert)    cpu ${counters.cpu.toFixed(1)} µs a write, wall ${counters.wall.toFixed(1)} µs`);
} finally {
  await store.close();
  dbModule.closeSqlite(db);
  rmSync(dir, { recursive: true, force: true });
}
