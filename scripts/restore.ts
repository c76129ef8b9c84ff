/**
 * `npm run restore -- <backup.tar.gz> [--force]`: brings back the documents, files and session
 * secret of a backup into DATABASE_URL / STORAGE_URL / DATA_DIR (any kinds: an SQLite + folder
 * backup restores into MongoDB + S3 and back). Stop the server first.
 * Refuses a target that already holds data unless --force (which replaces it).
 */
import { parseArgs } from 'node:util';
import { RestoreRefusedError, restoreBackup } from '../src/adapters/backup/tar-backup.ts';
import { openDataEndpoints } from './backup-targets.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const archive = positionals[0];
if (archive === undefined) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(2);
}
try {
  const data = await openDataEndpoints({ forBackup: false });
  try {
    const m = await restoreBackup(archive, data, { force: values.force, stageDir: data.dataDir });
    const documents = Object.values(m.collections).reduce((n, c) => n + c, 0);
    console.log(`Restored backup of ${m.createdAt}: ${documents} documents, ${m.files.count} files${m.sessionSecret ? ', session secret' : ''}.`);
  } finally {
    await data.close();
  }
} catch (e) {
  console.error(`Restore failed: ${(e as Error).message}`);
  process.exit(e instanceof RestoreRefusedError ? 3 : 1);
}
