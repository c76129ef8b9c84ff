import type { DriverSnapshot, EncodedDocument, RawDocument } from '../../domain/persistence/document-store-driver.ts';
import { collectionTables } from './sqlite-collection-tables.ts';
import { openSqlite, type SqliteDb } from './sqlite-database.ts';
import { collectionTable } from './sqlite-query-compiler.ts';

/**
 * Rows of a collection's table as the driver reads them, and the snapshots backups read
 * (docs/storage.md): every collection as of one moment, page by page.
 */
export interface Row {
  id: string;
  data: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** The columns every read of whole documents selects. */
export const COLUMNS = 'id, data, created_at, updated_at, version';

export const toRaw = (r: Row): RawDocument => ({
  id: r.id,
  data: JSON.parse(r.data) as EncodedDocument,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  version: r.version,
});

const SNAPSHOT_PAGE = 500;

/** An in-memory database has no second connection, so it is read whole, synchronously, at once. */
export function memorySnapshot(db: SqliteDb): DriverSnapshot {
  const byCollection = new Map<string, RawDocument[]>();
  for (const c of collectionTables(db)) {
    const rows = db.prepare(`SELECT ${COLUMNS} FROM ${collectionTable(c)} ORDER BY id`).all() as Row[];
    if (rows.length > 0) byCollection.set(c, rows.map(toRaw));
  }
  return {
    collections: async () => [...byCollection.keys()],
    async *documents(collection: string) {
      yield* byCollection.get(collection) ?? [];
    },
    close: async () => {},
  };
}

/**
 * A read transaction on a second connection to the same file: in WAL mode it sees the database
 * as of its first read, whatever is committed meanwhile.
 */
export function fileSnapshot(file: string): DriverSnapshot {
  const reader = openSqlite(file);
  reader.exec('BEGIN');
  // The first read starts the snapshot: the tables and every page after it are as of this moment.
  const names = collectionTables(reader).filter((c) => reader.prepare(`SELECT 1 FROM ${collectionTable(c)} LIMIT 1`).get() !== undefined);
  return {
    collections: async () => names,
    async *documents(collection: string) {
      if (!names.includes(collection)) return;
      const page = reader.prepare<[string]>(`SELECT ${COLUMNS} FROM ${collectionTable(collection)} WHERE id > ? ORDER BY id LIMIT ${SNAPSHOT_PAGE}`);
      for (let after = ''; ; ) {
        const rows = page.all(after) as Row[];
        for (const r of rows) yield toRaw(r);
        if (rows.length < SNAPSHOT_PAGE) return;
        after = rows.at(-1)!.id;
      }
    },
    close: async () => {
      if (!reader.open) return;
      reader.exec('COMMIT');
      reader.close();
    },
  };
}
