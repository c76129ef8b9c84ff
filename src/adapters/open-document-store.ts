import { DatabaseError } from '../domain/persistence/database-error.ts';
import type { DocumentStore } from '../domain/persistence/document-store.ts';
import type { Clock, IdGenerator } from '../domain/shared/clock.ts';
import { openSqliteDocumentStore } from './sqlite/sqlite-document-store.ts';
import { damagedMessage, isDamage } from './sqlite/sqlite-file-health.ts';
import { StartupCheckError, reasonOf, redactedUrl } from './startup-check-error.ts';

/**
 * DATABASE_URL → the DocumentStore adapter. `sqlite:./data/app.db`, `sqlite:///abs/app.db` and
 * `sqlite::memory:` open the embedded store; `mongodb://…` / `mongodb+srv://…` the production
 * one (the driver is loaded only then).
 */
export interface OpenDocumentStoreOptions {
  clock?: Clock;
  ids?: IdGenerator;
}

export function sqliteFileFromUrl(url: string): string {
  const rest = url.slice('sqlite:'.length);
  if (rest === ':memory:') return rest;
  const file = rest.startsWith('//') ? rest.slice(2) : rest;
  if (file.length === 0) throw new DatabaseError('invalid-argument', `DATABASE_URL '${url}' names no SQLite file.`);
  return decodeURIComponent(file);
}

export async function openDocumentStore(url: string, options: OpenDocumentStoreOptions = {}): Promise<DocumentStore> {
  if (url.startsWith('sqlite:')) {
    const file = sqliteFileFromUrl(url);
    try {
      return openSqliteDocumentStore(file, options);
    } catch (e) {
      throw sqliteOpenFailure(url, file, e);
    }
  }
  if (url.startsWith('mongodb://') || url.startsWith('mongodb+srv://')) {
    const { openMongoDocumentStore } = await import('./mongo/mongo-document-store.ts');
    const { mongoStartupFailure } = await import('./mongo/mongo-connection.ts');
    return openMongoDocumentStore(url, options).catch((e: unknown) => Promise.reject(mongoStartupFailure(url, e)));
  }
  throw new DatabaseError('invalid-argument', `DATABASE_URL must start with sqlite: or mongodb:// (got '${url.split(':')[0]}:').`);
}

/** One line naming DATABASE_URL and the file, whatever went wrong opening it. */
function sqliteOpenFailure(url: string, file: string, e: unknown): StartupCheckError {
  const setting = `DATABASE_URL '${redactedUrl(url)}'`;
  if (e instanceof DatabaseError && e.databaseCode === 'failed-precondition') return new StartupCheckError('DATABASE_URL', `${setting}: ${e.message}`, { cause: e });
  if (isDamage(e)) return new StartupCheckError('DATABASE_URL', `${setting}: ${damagedMessage(file, reasonOf(e))}`, { cause: e });
  return new StartupCheckError('DATABASE_URL', `${setting}: cannot open the database file ${file} (${reasonOf(e)}); point DATABASE_URL at a file in a folder the server can create and write.`, { cause: e });
}
