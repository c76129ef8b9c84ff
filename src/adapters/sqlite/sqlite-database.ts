import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moveToCollectionTables } from './sqlite-collection-tables.ts';

export type SqliteDb = Database.Database;

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the embedded database: WAL so readers never wait for the writer, a busy timeout so a
 * second process (backup, a test reader) waits instead of failing, and foreign keys enforced.
 * `synchronous = FULL` makes every acknowledged commit survive a power cut or `kill -9`.
 */
export function openSqlite(file: string): SqliteDb {
  if (file !== ':memory:') ownerOnly(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  // Reads through a memory map: index seeks (client search probes thousands) skip a read() call
  // and a copy per page. 1 GiB of address space; the OS page cache holds the pages.
  db.pragma('mmap_size = 1073741824');
  return db;
}

/**
 * The database holds what the 0600 secrets protect, so it is 0600 as well (issue 15): created so,
 * tightened when found wider; SQLite gives its -wal and -shm the main file's mode. A data folder
 * created here is 0700.
 */
function ownerOnly(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}

/** A numbered step: SQL text (a file `NNNN-name.sql`), or code when what it does depends on the data. */
export type Migration = { version: number; name: string } & ({ sql: string } | { run: (db: SqliteDb) => void });

/** Migrations written in code, numbered with the files. */
const CODE_MIGRATIONS: Migration[] = [{ version: 3, name: 'collection-tables', run: moveToCollectionTables }];

/** Numbered files `NNNN-name.sql` in migrations/ and the code migrations, in order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files: Migration[] = readdirSync(dir)
    .filter((f) => /^\d{4}-[\w-]+\.sql$/.test(f))
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f.slice(5, -4), sql: readFileSync(join(dir, f), 'utf8') }));
  return [...files, ...CODE_MIGRATIONS].sort((a, b) => a.version - b.version);
}

/**
 * Applies every migration newer than the recorded version, each in its own transaction together
 * with its bookkeeping row, so a failing migration leaves the database at the previous version.
 */
export function migrate(db: SqliteDb, migrations = loadMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const row = db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null };
  const current = row.v ?? 0;
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      if ('sql' in m) db.exec(m.sql);
      else m.run(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    })();
    applied.push(m.version);
  }
  return applied;
}

export function closeSqlite(db: SqliteDb): void {
  if (!db.open) return;
  // Fold the WAL back into the main file so a copied data folder is complete on its own.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
