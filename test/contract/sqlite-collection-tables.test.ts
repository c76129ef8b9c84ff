import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tar from 'tar';
import { restoreBackup } from '../../src/adapters/backup/tar-backup.ts';
import { FsFileStorage } from '../../src/adapters/fs-storage/fs-file-storage.ts';
import { closeSqlite, loadMigrations, migrate, openSqlite, type SqliteDb } from '../../src/adapters/sqlite/sqlite-database.ts';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { orderBy, where } from '../../src/domain/persistence/query.ts';
import { tempDir } from '../support/temp-dir.ts';

/**
 * Issue 16: every collection in its own table. A database in the layout before (one `documents`
 * table holding every collection, its partial expression indexes and term triggers) is moved by
 * migration 3 when a store opens it: every row, its indexes rebuilt on the new tables, and
 * `documents` left as a read-only view listing the same rows.
 */
const dirs: { remove: () => void }[] = [];
const aDir = (): string => {
  const d = tempDir('collection-tables-');
  dirs.push(d);
  return d.path;
};
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

interface OldRow {
  collection: string;
  id: string;
  data: string;
  created_at: string;
  updated_at: string;
  version: number;
}

const at = (i: number): string => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();

/** Rows of three collections as the earlier version stored them (versions > 1: updated rows). */
function oldRows(): OldRow[] {
  const rows: OldRow[] = [];
  for (let i = 0; i < 120; i++) {
    const name = `Ólafsdóttir-Vanderbilt ${String(i).padStart(3, '0')}`;
    rows.push({ collection: 'clients', id: `client-${i}`, data: JSON.stringify({ name, nameKey: name.toLowerCase(), status: i % 3 ? 'active' : 'archived', search: ['olafsdottir', `n${i}`, i % 2 ? 'oak' : 'elm'] }), created_at: at(i), updated_at: at(i + 1), version: 1 + (i % 4) });
  }
  for (let i = 0; i < 40; i++) rows.push({ collection: 'invoices', id: `inv-${i}`, data: JSON.stringify({ number: `INV-${i}`, totalCents: i * 1250, keywords: [`inv-${i}`] }), created_at: at(i), updated_at: at(i), version: 1 });
  rows.push({ collection: 'rate_limits', id: 'w-1', data: JSON.stringify({ count: 7, expiresAt: '2099-01-01T00:00:00.000Z' }), created_at: at(0), updated_at: at(0), version: 7 });
  return rows;
}

/**
 * A database file as the earlier version left it: migrations up to 2, the rows in `documents`,
 * one of its partial expression indexes and the clients' term triggers with their document_terms.
 */
function oldLayoutDatabase(file: string, rows: OldRow[]): void {
  const db = openSqlite(file);
  migrate(db, loadMigrations().filter((m) => m.version <= 2));
  db.exec(`CREATE INDEX doc_clients_nameKey_asc_id_asc ON documents (json_extract(data, '$."nameKey"') ASC, id ASC) WHERE collection = 'clients';
    CREATE TABLE document_terms (collection TEXT NOT NULL, field TEXT NOT NULL, term TEXT NOT NULL, id TEXT NOT NULL,
      PRIMARY KEY (collection, field, term, id)) WITHOUT ROWID;
    CREATE TRIGGER terms_clients_search_insert AFTER INSERT ON documents WHEN new.collection = 'clients' BEGIN
      INSERT OR IGNORE INTO document_terms (collection, field, term, id) SELECT DISTINCT 'clients', 'search', value, new.id FROM json_each(new.data, '$."search"') WHERE type = 'text'; END;`);
  const insert = db.prepare('INSERT INTO documents (collection, id, data, created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const r of rows) insert.run(r.collection, r.id, r.data, r.created_at, r.updated_at, r.version);
  })();
  closeSqlite(db);
}

const viewRows = (db: SqliteDb): OldRow[] => db.prepare('SELECT collection, id, data, created_at, updated_at, version FROM documents ORDER BY collection, id').all() as OldRow[];
const sorted = (rows: OldRow[]): OldRow[] => [...rows].sort((a, b) => (a.collection === b.collection ? (a.id < b.id ? -1 : 1) : a.collection < b.collection ? -1 : 1));
const schema = (db: SqliteDb, type: string, table: string): string[] =>
  (db.prepare('SELECT name FROM sqlite_master WHERE type = ? AND tbl_name = ? ORDER BY name').all(type, table) as { name: string }[]).map((r) => r.name);

describe('SQLite collection tables (migration 3)', () => {
  it('moves a database in the old layout: every row, counts per collection, indexes and term triggers on the new tables; documents becomes a view of the same rows', async () => {
    const file = join(aDir(), 'app.db');
    const rows = oldRows();
    oldLayoutDatabase(file, rows);

    const store = openSqliteDocumentStore(file);
    const clients = await store.collection('clients').query({ where: [where('status', '==', 'active')], orderBy: [orderBy('nameKey')], limit: 3 });
    const words = await store.collection('clients').query({ where: [where('search', 'array-contains-prefix', 'oa'), where('search', 'array-contains', 'n7')] });
    await store.close();

    expect(clients.docs.map((d) => d.id)).toEqual(['client-1', 'client-2', 'client-4']);
    expect(words.docs.map((d) => d.id)).toEqual(['client-7']);

    const db = openSqlite(file);
    try {
      expect((db.prepare("SELECT type FROM sqlite_master WHERE name = 'documents'").get() as { type: string }).type).toBe('view');
      expect(viewRows(db)).toEqual(sorted(rows));
      for (const c of ['clients', 'invoices', 'rate_limits']) {
        const n = (db.prepare(`SELECT count(*) AS n FROM docs_${c}`).get() as { n: number }).n;
        expect(n, c).toBe(rows.filter((r) => r.collection === c).length);
      }
      expect(schema(db, 'index', 'docs_clients')).toContain('doc_clients_nameKey_asc_id_asc');
      expect(schema(db, 'index', 'docs_clients')).toEqual(expect.arrayContaining(['docs_clients_created', 'docs_clients_updated', 'doc_clients_status_asc_nameKey_asc_id_asc']));
      expect(schema(db, 'trigger', 'docs_clients')).toEqual(['terms_clients_search_delete', 'terms_clients_search_insert', 'terms_clients_search_update']);
      expect(schema(db, 'trigger', 'docs_invoices')).toEqual(['terms_invoices_keywords_delete', 'terms_invoices_keywords_insert', 'terms_invoices_keywords_update']);
      expect(db.prepare("SELECT count(*) AS n FROM document_terms WHERE collection = 'clients'").get()).toEqual({ n: 120 * 3 });
      expect(() => db.prepare("INSERT INTO documents (collection, id, data, created_at, updated_at) VALUES ('clients', 'x', '{}', 't', 't')").run()).toThrow(/cannot modify documents because it is a view/);
      expect((db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number }).v).toBe(3);
    } finally {
      closeSqlite(db);
    }
  });

  it('a second start is a no-op: nothing migrated again, the same rows; a collection used for the first time gets its table and joins the view', async () => {
    const file = join(aDir(), 'app.db');
    const rows = oldRows();
    oldLayoutDatabase(file, rows);
    await openSqliteDocumentStore(file).close();

    const db = openSqlite(file);
    const before = viewRows(db);
    expect(migrate(db)).toEqual([]);
    closeSqlite(db);

    const store = openSqliteDocumentStore(file);
    expect((await store.collection('clients').get('client-5'))!['name']).toBe('Ólafsdóttir-Vanderbilt 005');
    await store.collection('reviews').create({ stars: 5, text: 'Neat install' }, 'r-1');
    await store.close();

    const again = openSqlite(file);
    try {
      expect(viewRows(again).filter((r) => r.collection !== 'reviews')).toEqual(before);
      expect(viewRows(again).filter((r) => r.collection === 'reviews').map((r) => r.id)).toEqual(['r-1']);
      expect((again.prepare('SELECT count(*) AS n FROM schema_migrations WHERE version = 3').get() as { n: number }).n).toBe(1);
    } finally {
      closeSqlite(again);
    }
  });

  it('restores a format 1 backup (app.db in the old layout + files) into the new layout', async () => {
    const stage = aDir();
    const rows = oldRows();
    oldLayoutDatabase(join(stage, 'app.db'), rows);
    mkdirSync(join(stage, 'files'));
    writeFileSync(join(stage, 'backup.json'), JSON.stringify({ format: 1, createdAt: '2026-11-01T00:00:00.000Z' }));
    const archive = join(aDir(), 'old.tar.gz');
    await tar.create({ gzip: true, file: archive, cwd: stage, portable: true }, ['backup.json', 'app.db', 'files']);

    const dataDir = join(aDir(), 'data');
    const store = openSqliteDocumentStore(join(dataDir, 'app.db'));
    try {
      const m = await restoreBackup(archive, { store, files: new FsFileStorage({ root: join(dataDir, 'files') }), kinds: { database: 'sqlite', files: 'fs' }, sessionSecretFile: join(dataDir, 'session-secret') });
      // Rate-limit windows are transient: a backup leaves them out.
      expect(m.collections).toEqual({ clients: 120, invoices: 40 });
      expect(await store.collection('invoices').get('inv-3')).toMatchObject({ number: 'INV-3', totalCents: 3750, createdAt: at(3) });
      const found = await store.collection('clients').query({ where: [where('search', 'array-contains', 'n42')] });
      expect(found.docs.map((d) => d.id)).toEqual(['client-42']);
    } finally {
      await store.close();
    }
    const db = openSqlite(join(dataDir, 'app.db'));
    try {
      const restored = viewRows(db).map((r) => ({ collection: r.collection, id: r.id, data: r.data }));
      expect(restored).toEqual(sorted(rows.filter((r) => r.collection !== 'rate_limits')).map((r) => ({ collection: r.collection, id: r.id, data: r.data })));
    } finally {
      closeSqlite(db);
    }
  });
});
