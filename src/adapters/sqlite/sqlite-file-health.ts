import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { SqliteDb } from './sqlite-database.ts';

/**
 * The health of the SQLite file: `PRAGMA quick_check` before the server starts, and a latch for
 * damage found later (a read that meets a damaged page): from then on readiness fails and writes
 * are refused, so the server stops taking in data it may not be able to read back. Both point
 * the operator at the file and at `npm run restore`.
 */
const RESTORE_HINT = 'npm run restore -- <backup.tar.gz>';

export const isDamage = (e: unknown): boolean => /^SQLITE_(CORRUPT|NOTADB)/.test((e as { code?: string } | undefined)?.code ?? '');
const isDiskFull = (e: unknown): boolean => /^SQLITE_(FULL|IOERR)/.test((e as { code?: string } | undefined)?.code ?? '');

export function damagedMessage(file: string, detail: string): string {
  return `the database file ${file} is damaged (${detail}); stop the server, move the file (and its -wal and -shm files) aside, and restore the latest backup: ${RESTORE_HINT}`;
}

/** The first problem quick_check reports, or null when the file is sound. */
export function quickCheck(db: SqliteDb): string | null {
  const rows = db.pragma('quick_check(1)') as { quick_check: string }[];
  const first = rows[0]?.quick_check ?? 'ok';
  return first === 'ok' ? null : first.replace(/\s*\n\s*/g, ' ').replace(/\*\*\* in database main \*\*\* ?/, '').slice(0, 200);
}

type AnyFn = (...args: unknown[]) => unknown;
/** Driver methods that change data or answer readiness: refused once damage was seen. */
const REFUSED_WHEN_DAMAGED = new Set<PropertyKey>(['write', 'commit', 'importDocuments', 'clearCollection', 'ping']);

/**
 * Wraps a driver: damage reported by SQLite (SQLITE_CORRUPT, SQLITE_NOTADB) latches; a full or
 * failing disk becomes a DatabaseError 'unavailable' (a 503, not a 500) naming the file.
 */
export function withDamageLatch<T extends object>(driver: T, file: string): T {
  let damaged: DatabaseError | null = null;
  const translate = (e: unknown): unknown => {
    if (isDamage(e)) {
      damaged ??= new DatabaseError('unavailable', damagedMessage(file, (e as Error).message));
      return damaged;
    }
    if (isDiskFull(e)) return new DatabaseError('unavailable', `The database file ${file} cannot be written (${(e as Error).message}).`);
    return e;
  };
  return new Proxy(driver, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (damaged && REFUSED_WHEN_DAMAGED.has(prop)) return Promise.reject(damaged);
        try {
          const r = (value as AnyFn).apply(target, args);
          return r instanceof Promise ? r.catch((e: unknown) => Promise.reject(translate(e))) : r;
        } catch (e) {
          throw translate(e);
        }
      };
    },
  });
}
