import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCollectionTable } from '../../src/adapters/sqlite/sqlite-collection-tables.ts';
import { closeSqlite, migrate, openSqlite } from '../../src/adapters/sqlite/sqlite-database.ts';
import { tempDir } from '../support/temp-dir.ts';

/** Issue 15 finding 13: the database holds what the other 0600 secrets protect, so it is 0600 too. */
describe('SQLite file mode', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()!();
  });
  const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

  it('creates app.db, its -wal and -shm readable by the owner only, in a 0700 data folder it creates', () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const folder = join(dir.path, 'data');
    const file = join(folder, 'app.db');
    const db = openSqlite(file);
    migrate(db);
    createCollectionTable(db, 'c');
    db.prepare("INSERT INTO docs_c (id, data, created_at, updated_at) VALUES ('1', '{}', 't', 't')").run();
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect({ db: mode(file), wal: mode(`${file}-wal`), shm: mode(`${file}-shm`), folder: mode(folder) }).toEqual({ db: '600', wal: '600', shm: '600', folder: '700' });
    closeSqlite(db);
  });

  it('tightens an existing world-readable app.db (and its -wal/-shm) to 0600 when it opens it', () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const file = join(dir.path, 'app.db');
    const first = openSqlite(file);
    migrate(first);
    first.close();
    writeFileSync(`${file}-wal`, '');
    for (const f of [file, `${file}-wal`]) chmodSync(f, 0o644);
    const db = openSqlite(file);
    cleanups.push(() => closeSqlite(db));
    createCollectionTable(db, 'c');
    db.prepare("INSERT INTO docs_c (id, data, created_at, updated_at) VALUES ('2', '{}', 't', 't')").run();
    expect({ db: mode(file), wal: mode(`${file}-wal`), shm: mode(`${file}-shm`) }).toEqual({ db: '600', wal: '600', shm: '600' });
  });
});
