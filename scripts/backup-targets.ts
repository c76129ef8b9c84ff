import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDocumentStore } from '../src/adapters/open-document-store.ts';
import { openFileStorage } from '../src/adapters/open-file-storage.ts';
import type { DataEndpoints } from '../src/adapters/backup/tar-backup.ts';
import { loadConfig } from '../src/config.ts';

/**
 * The installation's data as the server sees it, for backup and restore: the document store
 * from DATABASE_URL (SQLite file or MongoDB), the file storage from STORAGE_URL (folder or S3
 * bucket) and DATA_DIR/session-secret.
 */
export async function openDataEndpoints(o: { forBackup: boolean }, env: NodeJS.ProcessEnv = process.env): Promise<DataEndpoints & { dataDir: string; close(): Promise<void> }> {
  const config = loadConfig(env);
  if (config.database.kind === 'sqlite') {
    if (config.database.file === ':memory:') throw new Error('DATABASE_URL points at an in-memory database: nothing to back up or restore.');
    if (o.forBackup && !existsSync(config.database.file)) throw new Error(`No database at ${config.database.file}: nothing to back up.`);
  }
  const store = await openDocumentStore(config.database.url);
  const files = await openFileStorage(config.storageUrl);
  return {
    store,
    files,
    kinds: { database: config.database.kind, files: config.storageUrl.startsWith('s3://') ? 's3' : 'fs' },
    sessionSecretFile: join(config.dataDir, 'session-secret'),
    dataDir: config.dataDir,
    close: async () => {
      await store.close();
      await files.close?.();
    },
  };
}
