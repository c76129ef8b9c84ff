import type { DriverSnapshot, EncodedDocument, RawDocument } from '../../domain/persistence/document-store-driver.ts';
import { openSqlite, type SqliteDb } from './sqlite-database.ts';

/**
 * Rows of the `documents` table as the driver reads them, and the snapshots backups read
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
  const rows = db.prepare(`SELECT collection, ${COLUMNS} FROM documents ORDER BY collection, id`).all() as (Row & { collection: string })[];
  const byCollection = new Map<string, RawDocument[]>();
  for (const r of rows) byCollection.set(r.collection, [...(byCollection.get(r.collection) ?? []), toRaw(r)]);
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
  const names = (reader.prepare('SELECT DISTINCT collection FROM documents ORDER BY collection').all() as { collection: string }[]).map((r) => r.collection);
  const page = reader.prepare<[string, string]>(`SELECT ${COLUMNS} FROM documents WHERE collection = ? AND id > ? ORDER BY id LIMIT ${SNAPSHOT_PAGE}`);
  return {
    collections: async () => names,
    async *documents(collection: string) {
      for (let after = ''; ; ) {
        const rows = page.all(collection, after) as Row[];
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
