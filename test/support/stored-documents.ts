import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * Reads a collection straight from a server's SQLite file (read-only), the way an operator
 * would check what was really stored, independent of the server's own code paths.
 */
export function readCollection<T = Record<string, unknown>>(dataDir: string, collection: string): (T & { id: string })[] {
  const db = new Database(join(dataDir, 'app.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT id, data FROM documents WHERE collection = ? ORDER BY created_at, id').all(collection) as {
      id: string;
      data: string;
    }[];
    return rows.map((r) => ({ ...(JSON.parse(r.data) as T), id: r.id }));
  } finally {
    db.close();
  }
}
