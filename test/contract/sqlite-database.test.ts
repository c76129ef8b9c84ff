import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createCollectionTable } from '../../src/adapters/sqlite/sqlite-collection-tables.ts';
import { closeSqlite, loadMigrations, migrate, openSqlite, type SqliteDb } from '../../src/adapters/sqlite/sqlite-database.ts';
import { tempDir } from '../support/temp-dir.ts';

describe('SQLite foundation', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()!();
  });
  function open(): { db: SqliteDb; file: string } {
    const dir = tempDir();
    const file = join(dir.path, 'app.db');
    const db = openSqlite(file);
    cleanups.push(() => {
      closeSqlite(db);
      dir.remove();
    });
    return { db, file };
  }

  it('opens with WAL, a busy timeout, foreign keys, full sync and memory-mapped reads', () => {
    const { db } = open();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('mmap_size', { simple: true })).toBe(1024 ** 3);
  });

  it('applies the numbered migrations once, in order', () => {
    const { db } = open();
    const all = loadMigrations();
    expect(all.map((m) => m.version)).toEqual([...all.map((m) => m.version)].sort((a, b) => a - b));
    expect(migrate(db)).toEqual(all.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    const rows = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[];
    expect(rows.map((r) => r.version)).toEqual(all.map((m) => m.version));
  });

  it('rolls a failing migration back whole and keeps the previous version', () => {
    const { db } = open();
    const good = { version: 1, name: 'good', sql: 'CREATE TABLE a (x INTEGER);' };
    const bad = { version: 2, name: 'bad', sql: 'CREATE TABLE b (x INTEGER); INSERT INTO nope VALUES (1);' };
    expect(() => migrate(db, [good, bad])).toThrow(/no such table: nope/);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toContain('a');
    expect(tables).not.toContain('b');
    expect(db.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({ v: 1 });
  });

  it('closes cleanly: the WAL is folded back into the database file', () => {
    const { db, file } = open();
    migrate(db);
    createCollectionTable(db, 'c');
    db.prepare("INSERT INTO docs_c (id, data, created_at, updated_at) VALUES ('1', '{}', 't', 't')").run();
    closeSqlite(db);
    const reopened = openSqlite(file);
    cleanups.push(() => closeSqlite(reopened));
    expect(reopened.prepare('SELECT count(*) AS n FROM documents').get()).toEqual({ n: 1 });
  });
});
