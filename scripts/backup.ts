/**
 * `npm run backup [-- --out <file.tar.gz>]`: one archive with a consistent snapshot of every
 * document (DATABASE_URL: SQLite or MongoDB), every stored file (STORAGE_URL: folder or S3)
 * and DATA_DIR/session-secret. Safe while the server runs.
 * Default output: ./backups/backup-<UTC time>Z.tar.gz
 */
import { parseArgs } from 'node:util';
import { archiveBytes, createBackup } from '../src/adapters/backup/tar-backup.ts';
import { openDataEndpoints } from './backup-targets.ts';

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
const now = new Date();
const out = values.out ?? `backups/backup-${now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}Z.tar.gz`;
try {
  const data = await openDataEndpoints({ forBackup: true });
  try {
    const started = performance.now();
    const m = await createBackup(data, out, now);
    const documents = Object.values(m.collections).reduce((n, c) => n + c, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backup written to ${out} (${await archiveBytes(out)} bytes, ${seconds} s): ${documents} documents in ${Object.keys(m.collections).length} collections, ` +
        `${m.files.count} files (${m.files.bytes} bytes)${m.sessionSecret ? ', session secret' : ''}.`,
    );
  } finally {
    await data.close();
  }
} catch (e) {
  console.error(`Backup failed: ${(e as Error).message}`);
  process.exit(1);
}
