/**
 * `npm run backup [-- --out <file.tar.gz>]`: one archive with a consistent snapshot of the
 * SQLite database and the files folder. Safe while the server runs.
 * Default output: ./backups/backup-<UTC time>.tar.gz
 */
import { parseArgs } from 'node:util';
import { createBackup } from '../src/adapters/backup/tar-backup.ts';
import { dataLocations } from './backup-targets.ts';

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
const now = new Date();
const out = values.out ?? `backups/backup-${now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}Z.tar.gz`;
try {
  const at = dataLocations();
  if (at.filesInBucket) console.warn('STORAGE_URL is s3://: files stay in the bucket (use bucket versioning); archiving the database only.');
  const m = await createBackup({ dbFile: at.dbFile, filesDir: at.filesInBucket ? undefined : at.filesDir }, out, now);
  console.log(`Backup written to ${out}: database ${m.database.bytes} bytes, ${m.files.count} files (${m.files.bytes} bytes).`);
} catch (e) {
  console.error(`Backup failed: ${(e as Error).message}`);
  process.exit(1);
}
