import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';

/**
 * Where the data lives, for backup and restore: the SQLite file from the config, and the
 * files folder from STORAGE_URL when it is a file: URL (default DATA_DIR/files). With an s3://
 * STORAGE_URL the files are in the bucket and only the database is archived.
 */
export function dataLocations(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  if (config.database.kind !== 'sqlite') {
    throw new Error('DATABASE_URL points at MongoDB: back it up with mongodump/mongorestore; this command archives the embedded SQLite database.');
  }
  if (config.database.file === ':memory:') throw new Error('DATABASE_URL points at an in-memory database: nothing to back up or restore.');
  const storageUrl = config.storageUrl;
  let filesDir = resolve(config.dataDir, 'files');
  if (storageUrl.startsWith('file://')) filesDir = fileURLToPath(storageUrl);
  else if (storageUrl.startsWith('file:')) filesDir = resolve(storageUrl.slice('file:'.length));
  return { dataDir: config.dataDir, dbFile: config.database.file, filesDir, filesInBucket: storageUrl.startsWith('s3://') };
}
