import { join } from 'node:path';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { documentStoreContract } from './document-store.contract.ts';

documentStoreContract('SQLite file', async () => {
  const dir = tempDir('docstore-');
  const file = join(dir.path, 'app.db');
  const opened = [openSqliteDocumentStore(file, { pollMs: 20 })];
  return {
    store: opened[0]!,
    openAnother: async () => {
      const s = openSqliteDocumentStore(file, { pollMs: 20 });
      opened.push(s);
      return s;
    },
    cleanup: async () => {
      for (const s of opened) await s.close();
      dir.remove();
    },
  };
});
