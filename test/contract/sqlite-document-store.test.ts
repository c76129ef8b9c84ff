import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { closeSqlite, migrate, openSqlite } from '../../src/adapters/sqlite/sqlite-database.ts';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { where } from '../../src/domain/persistence/query.ts';
import { tempDir } from '../support/temp-dir.ts';
import { documentStoreContract } from './document-store.contract.ts';

const sqliteFile = (options: { maxIdMatches?: number } = {}) => async () => {
  const dir = tempDir('docstore-');
  const file = join(dir.path, 'app.db');
  const opened = [openSqliteDocumentStore(file, { pollMs: 20, ...options })];
  return {
    store: opened[0]!,
    openAnother: async () => {
      const s = openSqliteDocumentStore(file, { pollMs: 20, ...options });
      opened.push(s);
      return s;
    },
    cleanup: async () => {
      for (const s of opened) await s.close();
      dir.remove();
    },
  };
};

documentStoreContract('SQLite file', sqliteFile());
// Every prefix filter counts as common: array-contains-prefix walks the collection and checks words per document.
documentStoreContract('SQLite file, prefix filters checked per document', sqliteFile({ maxIdMatches: 0 }));

describe('SQLite term index', () => {
  it('fills document_terms from the documents stored before the index existed', async () => {
    const dir = tempDir('docstore-');
    const file = join(dir.path, 'app.db');
    const db = openSqlite(file);
    migrate(db);
    const insert = db.prepare("INSERT INTO documents (collection, id, data, created_at, updated_at) VALUES ('clients', ?, ?, 't', 't')");
    insert.run('old-1', JSON.stringify({ nameKey: 'a', search: ['oak', 'salem'] }));
    insert.run('old-2', JSON.stringify({ nameKey: 'b', search: ['oak'] }));
    closeSqlite(db);
    const store = openSqliteDocumentStore(file);
    try {
      const page = await store.collection('clients').query({ where: [where('search', 'array-contains-prefix', 'oa'), where('search', 'array-contains-prefix', 'sa')] });
      expect(page.docs.map((d) => d.id)).toEqual(['old-1']);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});

describe('SQLite string equality without a JSON type check (issue 16)', () => {
  it('matches only JSON strings, never a number, boolean, array or object reading as the same text', async () => {
    const dir = tempDir('docstore-');
    const store = openSqliteDocumentStore(join(dir.path, 'app.db'));
    try {
      const values: Record<string, unknown> = { text: 'x', list: ['x'], listText: '[1]', listOfOne: [1], object: { a: 1 }, objectText: '{"a":1}', one: 1, oneText: '1', yes: true, trueText: 'true', nothing: null };
      for (const [id, v] of Object.entries(values)) await store.collection('things').set(id, { v } as never);
      const ids = async (v: string) => (await store.collection('things').query({ where: [where('v', '==', v)] })).docs.map((d) => d.id).sort();
      expect(await ids('x')).toEqual(['text']);
      expect(await ids('[1]')).toEqual(['listText']);
      expect(await ids('{"a":1}')).toEqual(['objectText']);
      expect(await ids('1')).toEqual(['oneText']);
      expect(await ids('true')).toEqual(['trueText']);
      expect(await ids('["x"]')).toEqual([]);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});
