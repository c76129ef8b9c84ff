import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup } from '../../src/adapters/backup/tar-backup.ts';
import { FsFileStorage } from '../../src/adapters/fs-storage/fs-file-storage.ts';
import { closeSqlite, migrate, openSqlite } from '../../src/adapters/sqlite/sqlite-database.ts';
import { sqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentContactMessageRepository } from '../../src/adapters/documents/document-contact-message-repository.ts';
import { newContactMessage } from '../../src/domain/contact/contact-message.ts';
import { aContactRequest } from '../support/factories.ts';
import { fileBytes } from '../support/storage-factories.ts';
import { tempDir } from '../support/temp-dir.ts';
import { md5Base64, readAll } from './file-storage.contract.ts';

const dirs: { remove: () => void }[] = [];
const aDir = () => {
  const d = tempDir('backup-');
  dirs.push(d);
  return d.path;
};
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

/** A data folder as the server leaves it: a database with a row (still open, in WAL) and a file. */
async function aDataFolder() {
  const dataDir = join(aDir(), 'data');
  const db = openSqlite(join(dataDir, 'app.db'));
  migrate(db);
  const messages = new DocumentContactMessageRepository(sqliteDocumentStore(db));
  const message = await messages.add(newContactMessage({ ...aContactRequest(), phone: null }, `msg-${Date.now()}`, new Date()));
  const files = new FsFileStorage({ root: join(dataDir, 'files') });
  const bytes = fileBytes('image/jpeg', 40_000);
  const file = await files.upload({ folder: 'quote-photos', data: bytes, fileName: 'porch.jpg' });
  return { dataDir, db, message, file, bytes };
}

describe('backup and restore', () => {
  it('round trip: a database row and a file come back in a new data folder', async () => {
    const src = await aDataFolder();
    const archive = join(aDir(), 'b.tar.gz');
    try {
      // Taken while the database is open and has uncheckpointed WAL pages.
      const manifest = await createBackup({ dbFile: join(src.dataDir, 'app.db'), filesDir: join(src.dataDir, 'files') }, archive);
      expect(manifest.files.count).toBe(2); // the file and its metadata
    } finally {
      closeSqlite(src.db);
    }

    const target = join(aDir(), 'restored');
    await restoreBackup(archive, { dataDir: target, dbFile: join(target, 'app.db'), filesDir: join(target, 'files') });

    const db = openSqlite(join(target, 'app.db'));
    try {
      expect(await new DocumentContactMessageRepository(sqliteDocumentStore(db)).get(src.message.id)).toEqual(src.message);
    } finally {
      closeSqlite(db);
    }
    const files = new FsFileStorage({ root: join(target, 'files') });
    const got = await files.download(src.file.fullPath);
    expect(got.metadata).toEqual(src.file);
    expect(md5Base64(await readAll(got.body))).toBe(md5Base64(src.bytes));
    expect(existsSync(join(target, 'files', '.tmp'))).toBe(false);
  });

  it('refuses to restore over a non-empty data folder unless forced', async () => {
    const src = await aDataFolder();
    const archive = join(aDir(), 'b.tar.gz');
    await createBackup({ dbFile: join(src.dataDir, 'app.db'), filesDir: join(src.dataDir, 'files') }, archive);
    closeSqlite(src.db);

    const target = join(aDir(), 'busy');
    mkdirSync(join(target, 'files', 'quote-photos'), { recursive: true });
    writeFileSync(join(target, 'files', 'quote-photos', 'stray'), 'old');
    const to = { dataDir: target, dbFile: join(target, 'app.db'), filesDir: join(target, 'files') };
    await expect(restoreBackup(archive, to)).rejects.toThrow(/Refusing to restore over existing data/);
    expect(existsSync(join(target, 'app.db'))).toBe(false);

    await restoreBackup(archive, to, { force: true });
    expect(existsSync(join(target, 'files', 'quote-photos', 'stray'))).toBe(false);
    expect((await new FsFileStorage({ root: to.filesDir }).getMetadata(src.file.fullPath)).md5Hash).toBe(src.file.md5Hash);
  });

  it('npm run backup / restore work from the command line with DATA_DIR', async () => {
    const src = await aDataFolder();
    closeSqlite(src.db);
    const archive = join(aDir(), 'cli.tar.gz');
    const run = (script: string, args: string[], DATA_DIR: string) =>
      spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], { env: { ...process.env, DATA_DIR, DATABASE_URL: '', STORAGE_URL: '' }, encoding: 'utf8' });

    const b = run('backup', ['--out', archive], src.dataDir);
    expect(b.stderr).toBe('');
    expect(b.status).toBe(0);
    expect(b.stdout).toMatch(/Backup written to .*cli\.tar\.gz/);

    const target = join(aDir(), 'cli-restored');
    const r = run('restore', [archive], target);
    expect(r.status).toBe(0);
    const again = run('restore', [archive], target);
    expect(again.status).toBe(3);
    expect(again.stderr).toMatch(/--force/);

    const db = openSqlite(join(target, 'app.db'));
    try {
      expect((await new DocumentContactMessageRepository(sqliteDocumentStore(db)).get(src.message.id))?.email).toBe(src.message.email);
    } finally {
      closeSqlite(db);
    }
  });
});
