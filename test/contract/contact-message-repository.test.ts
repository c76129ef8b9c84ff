import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { closeSqlite, migrate, openSqlite, type SqliteDb } from '../../src/adapters/sqlite/sqlite-database.ts';
import { SqliteContactMessageRepository } from '../../src/adapters/sqlite/sqlite-contact-message-repository.ts';
import { newContactMessage } from '../../src/domain/contact/contact-message.ts';
import { tempDir } from '../support/temp-dir.ts';

describe('SqliteContactMessageRepository', () => {
  let db: SqliteDb;
  let remove: () => void;
  let repo: SqliteContactMessageRepository;
  beforeEach(() => {
    const dir = tempDir();
    remove = dir.remove;
    db = openSqlite(join(dir.path, 'app.db'));
    migrate(db);
    repo = new SqliteContactMessageRepository(db);
  });
  afterEach(() => {
    closeSqlite(db);
    remove();
  });

  const input = (i: number) => ({ name: `N${i}`, email: `n${i}@x.io`, phone: i % 2 ? null : '555', subject: `S${i}`, message: `Message ${i} text` });

  it('reads back exactly what it stored', async () => {
    const m = newContactMessage(input(1), 'a', new Date('2026-01-01T00:00:00Z'));
    await repo.add(m);
    expect(await repo.get('a')).toEqual(m);
    expect(await repo.get('missing')).toBeNull();
  });

  it('lists newest first within the limit', async () => {
    for (let i = 0; i < 5; i++) await repo.add(newContactMessage(input(i), `id${i}`, new Date(Date.UTC(2026, 0, 1 + i))));
    const list = await repo.list({ limit: 3 });
    expect(list.map((m) => m.id)).toEqual(['id4', 'id3', 'id2']);
  });

  it('refuses a second message with the same id and keeps the first', async () => {
    await repo.add(newContactMessage(input(1), 'dup', new Date()));
    await expect(repo.add(newContactMessage(input(2), 'dup', new Date()))).rejects.toThrow(/UNIQUE/);
    expect((await repo.get('dup'))?.name).toBe('N1');
  });
});
