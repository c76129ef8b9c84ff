import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createCollectionTable } from '../../src/adapters/sqlite/sqlite-collection-tables.ts';
import { closeSqlite, migrate, openSqlite } from '../../src/adapters/sqlite/sqlite-database.ts';
import { openSqliteDocumentStore, sqliteDocumentStore, SqliteDocumentStoreDriver, SWEEP_BATCH } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { createDocumentStore } from '../../src/domain/persistence/checked-document-store.ts';
import { where } from '../../src/domain/persistence/query.ts';
import { tempDir } from '../support/temp-dir.ts';
import { documentStoreContract } from './document-store.contract.ts';

const sqliteFile = (options: { maxIdMatches?: number } = {}) => async () => {
  const dir = tempDir('docstore-');
  const file = join(dir.path, 'app.db');
  const opened = [openSqliteDocumentStore(file, { pollMs: 20, ...options })];
  return {
    store: opened[0]!,
    openAnother: async () => {
      const s = openSqliteDocumentStore(file, { pollMs: 20, ...options });
      opened.push(s);
      return s;
    },
    cleanup: async () => {
      for (const s of opened) await s.close();
      dir.remove();
    },
  };
};

documentStoreContract('SQLite file', sqliteFile());
// Every prefix filter counts as common: array-contains-prefix walks the collection and checks words per document.
documentStoreContract('SQLite file, prefix filters checked per document', sqliteFile({ maxIdMatches: 0 }));

describe('SQLite term index', () => {
  it('fills document_terms from the documents stored before the index existed', async () => {
    const dir = tempDir('docstore-');
    const file = join(dir.path, 'app.db');
    const db = openSqlite(file);
    migrate(db);
    createCollectionTable(db, 'clients');
    const insert = db.prepare("INSERT INTO docs_clients (id, data, created_at, updated_at) VALUES (?, ?, 't', 't')");
    insert.run('old-1', JSON.stringify({ nameKey: 'a', search: ['oak', 'salem'] }));
    insert.run('old-2', JSON.stringify({ nameKey: 'b', search: ['oak'] }));
    closeSqlite(db);
    const store = openSqliteDocumentStore(file);
    try {
      const page = await store.collection('clients').query({ where: [where('search', 'array-contains-prefix', 'oa'), where('search', 'array-contains-prefix', 'sa')] });
      expect(page.docs.map((d) => d.id)).toEqual(['old-1']);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

describe('SQLite commits of counters only', () => {
  it('fsync a counter-only commit at most once a second and every commit with any other write; counts stay exact', async () => {
    const dir = tempDir('docstore-');
    const db = openSqlite(join(dir.path, 'app.db'));
    // The sync levels the driver sets on the real connection around each group commit.
    const set: string[] = [];
    const pragma = db.pragma.bind(db);
    db.pragma = ((source: string, options?: { simple?: boolean }) => {
      if (/^synchronous =/.test(source)) set.push(source);
      return pragma(source, options);
    }) as typeof db.pragma;
    let now = Date.parse('2026-11-26T12:00:00.000Z');
    const store = sqliteDocumentStore(db, { clock: { now: () => new Date(now) } });
    const hit = () => store.collection('rate_limits').increment('w-1', { count: 1 }, { upsert: true, set: { expiresAt: '2099-01-01T00:00:00.000Z' } });
    try {
      await hit(); // nothing fsynced yet: FULL
      expect(set).toEqual([]);
      await hit(); // within the second: NORMAL for this commit, FULL again after it
      expect(set).toEqual(['synchronous = 1', 'synchronous = 2']);
      await Promise.all([hit(), store.collection('clients').create({ name: 'Olga' }, 'c-1')]); // a business record in the group: FULL
      expect(set).toHaveLength(2);
      now += 1000;
      await hit(); // a second since the last fsync: FULL
      expect(set).toHaveLength(2);
      await store.collection('clients').update('c-1', { name: 'Olga B' }); // never relaxed
      expect(set).toHaveLength(2);
      expect((await store.collection('rate_limits').get('w-1'))!['count']).toBe(4);
      expect(pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      await store.close();
      closeSqlite(db);
      dir.remove();
    }
  });
});

describe('SQLite string equality without a JSON type check (issue 16)', () => {
  it('matches only JSON strings, never a number, boolean, array or object reading as the same text', async () => {
    const dir = tempDir('docstore-');
    const store = openSqliteDocumentStore(join(dir.path, 'app.db'));
    try {
      const values: Record<string, unknown> = { text: 'x', list: ['x'], listText: '[1]', listOfOne: [1], object: { a: 1 }, objectText: '{"a":1}', one: 1, oneText: '1', yes: true, trueText: 'true', nothing: null };
      for (const [id, v] of Object.entries(values)) await store.collection('things').set(id, { v } as never);
      const ids = async (v: string) => (await store.collection('things').query({ where: [where('v', '==', v)] })).docs.map((d) => d.id).sort();
      expect(await ids('x')).toEqual(['text']);
      expect(await ids('[1]')).toEqual(['listText']);
      expect(await ids('{"a":1}')).toEqual(['objectText']);
      expect(await ids('1')).toEqual(['oneText']);
      expect(await ids('true')).toEqual(['trueText']);
      expect(await ids('["x"]')).toEqual([]);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

describe('SQLite TTL sweep', () => {
  it('removes every expired counter after a flood, a batch a statement, letting other work run between batches; live ones stay', async () => {
    const dir = tempDir('docstore-');
    let now = Date.parse('2026-11-26T12:00:00.000Z');
    const db = openSqlite(join(dir.path, 'app.db'));
    migrate(db);
    const clock = { now: () => new Date(now) };
    const driver = new SqliteDocumentStoreDriver(db, { clock, ownsDb: true });
    const store = createDocumentStore(driver, { clock, ids: { next: () => crypto.randomUUID() } });
    const counters = store.collection('rate_limits');
    const expired = SWEEP_BATCH * 2 + 37;
    try {
      // A flood of one-off visitors: a counter each, its window over a minute later.
      await Promise.all(Array.from({ length: expired }, (_, i) => counters.increment(`w-${i}`, { count: 1 }, { upsert: true, set: { expiresAt: '2026-11-26T12:01:00.000Z' } })));
      await counters.increment('w-live', { count: 1 }, { upsert: true, set: { expiresAt: '2026-11-27T12:00:00.000Z' } });
      now = Date.parse('2026-11-26T12:02:00.000Z');

      // The timer's sweep: something scheduled meanwhile runs before it ends, and finds it part done.
      let seenMidway: number | null = null;
      setImmediate(() => void counters.count().then((n) => (seenMidway = n)));
      const removed = await driver.sweepExpiredInBatches();
      expect(removed).toBe(expired);
      expect(seenMidway).not.toBeNull();
      expect(seenMidway!).toBeGreaterThan(1);
      expect(seenMidway!).toBeLessThan(expired + 1);
      expect(await counters.count()).toBe(1);
      expect(await counters.get('w-live')).toMatchObject({ count: 1 });

      // The plain sweep (tests, restore) removes them all at once, in the same batches.
      await Promise.all(Array.from({ length: SWEEP_BATCH + 1 }, (_, i) => counters.increment(`x-${i}`, { count: 1 }, { upsert: true, set: { expiresAt: '2026-11-26T12:03:00.000Z' } })));
      now = Date.parse('2026-11-26T12:04:00.000Z');
      expect(driver.sweepExpired()).toBe(SWEEP_BATCH + 1);
      expect(await counters.count()).toBe(1);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});
