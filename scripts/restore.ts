/**
 * `npm run restore -- <backup.tar.gz> [--force]`: brings back the database and the files of a
 * backup into DATA_DIR (or DATABASE_URL / STORAGE_URL's folders). Stop the server first.
 * Refuses to overwrite a non-empty data folder unless --force.
 */
import { parseArgs } from 'node:util';
import { RestoreRefusedError, restoreBackup } from '../src/adapters/backup/tar-backup.ts';
import { dataLocations } from './backup-targets.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const archive = positionals[0];
if (archive === undefined) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(2);
}
try {
  const at = dataLocations();
  const m = await restoreBackup(archive, at, { force: values.force });
  console.log(`Restored backup of ${m.createdAt}: database to ${at.dbFile}, ${m.files.count} files to ${at.filesDir}.`);
} catch (e) {
  console.error(`Restore failed: ${(e as Error).message}`);
  process.exit(e instanceof RestoreRefusedError ? 3 : 1);
}
