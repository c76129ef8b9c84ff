import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { collectionTable, sqlText } from './sqlite-query-compiler.ts';

/**
 * One table per collection (`docs_<collection>`: id, data, created_at, updated_at, version),
 * created on first use, and `documents`: a read-only view, the UNION ALL of those tables with the
 * collection's name as its first column, for backups, tools and tests that read the one table the
 * store used to keep (issue 16). A write opens only its collection's indexes: in the one table,
 * every INSERT or UPDATE opened all 126 partial indexes of every collection (≈ 0.2–0.3 ms a row).
 */
const PREFIX = 'docs_';

/** The connection (sqlite-database.ts's SqliteDb; named here, since that module runs migration 3 from this one). */
type SqliteDb = Database.Database;

const tableSql = (collection: string): string => `CREATE TABLE IF NOT EXISTS ${collectionTable(collection)} (
  id TEXT NOT NULL PRIMARY KEY,
  data TEXT NOT NULL CHECK (json_valid(data)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS "${PREFIX}${collection}_created" ON ${collectionTable(collection)} (created_at);
CREATE INDEX IF NOT EXISTS "${PREFIX}${collection}_updated" ON ${collectionTable(collection)} (updated_at);`;

/** The collections that have a table, by name. */
export function collectionTables(db: SqliteDb): string[] {
  const rows = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'docs\\_%' ESCAPE '\\' ORDER BY name`).all() as { name: string }[];
  return rows.map((r) => r.name.slice(PREFIX.length));
}

/** Drops and recreates the `documents` view over every collection table (inside the caller's transaction). */
function rebuildView(db: SqliteDb): void {
  const parts = collectionTables(db).map((c) => `SELECT ${sqlText(c)} AS collection, id, data, created_at, updated_at, version FROM ${collectionTable(c)}`);
  const body = parts.length > 0 ? parts.join('\nUNION ALL\n') : `SELECT NULL AS collection, NULL AS id, NULL AS data, NULL AS created_at, NULL AS updated_at, NULL AS version WHERE 0`;
  db.exec(`DROP VIEW IF EXISTS documents; CREATE VIEW documents AS ${body};`);
}

/**
 * Creates the collection's table (and its created/updated indexes) and adds it to the view; true
 * when it was created now. Runs in the caller's transaction, or in an IMMEDIATE one of its own so
 * two processes creating the same table agree on the view.
 */
export function createCollectionTable(db: SqliteDb, collection: string): boolean {
  const create = (): boolean => {
    const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(`${PREFIX}${collection}`);
    if (exists) return false;
    db.exec(tableSql(collection));
    rebuildView(db);
    return true;
  };
  return db.inTransaction ? create() : db.transaction(create).immediate();
}

/**
 * Migration 3 (in code: the tables depend on the data): every collection of the old `documents`
 * table moves into its own table, in the migration's one transaction; the old table (its
 * expression indexes and term triggers with it) is dropped and `documents` becomes the view.
 * The driver rebuilds each table's declared indexes and term triggers when it starts
 * (sqlite-index-manager.ts). On a new database the table is empty when this runs.
 */
export function moveToCollectionTables(db: SqliteDb): void {
  const old = db.prepare(`SELECT type FROM sqlite_master WHERE name = 'documents'`).get() as { type: string } | undefined;
  if (old?.type !== 'table') {
    if (!old) rebuildView(db);
    return;
  }
  const names = (db.prepare('SELECT DISTINCT collection FROM documents ORDER BY collection').all() as { collection: string }[]).map((r) => r.collection);
  for (const c of names) {
    db.exec(tableSql(c));
    db.prepare(`INSERT INTO ${collectionTable(c)} (id, data, created_at, updated_at, version) SELECT id, data, created_at, updated_at, version FROM documents WHERE collection = ?`).run(c);
  }
  db.exec('DROP TABLE documents');
  rebuildView(db);
}

/**
 * Inserts rows straight into collection tables (creating them), for seeding benches in bulk:
 * the store builds the declared indexes and term rows when it next opens the file.
 */
export function collectionInserter(db: SqliteDb): { run: (collection: string, id: string, data: string, createdAt: string, updatedAt: string) => void } {
  const statements = new Map<string, Statement<[string, string, string, string]>>();
  return {
    run: (collection, id, data, createdAt, updatedAt) => {
      let s = statements.get(collection);
      if (!s) {
        createCollectionTable(db, collection);
        s = db.prepare<[string, string, string, string]>(`INSERT INTO ${collectionTable(collection)} (id, data, created_at, updated_at) VALUES (?, ?, ?, ?)`);
        statements.set(collection, s);
      }
      s.run(id, data, createdAt, updatedAt);
    },
  };
}
