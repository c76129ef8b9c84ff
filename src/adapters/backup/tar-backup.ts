/**
 * One-archive backup and restore of the embedded data: the SQLite database and the files
 * folder, in a .tar.gz:
 *   backup.json   manifest (format, time, sizes)
 *   app.db        a consistent snapshot taken with SQLite's online backup API
 *   files/...     the file-storage folder (uploads in progress under .tmp are skipped)
 * The database is snapshotted first, then the files are read: stored files are never changed
 * in place (new uploads get new names, metadata is replaced by rename), so each file is read
 * whole, and a file uploaded meanwhile is at worst an extra file nothing points to.
 * Restore refuses to overwrite existing data unless forced, extracts next to the target,
 * checks the database, and only then moves everything into place.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import * as tar from 'tar';

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: { file: 'app.db'; bytes: number };
  files: { count: number; bytes: number };
}

export interface BackupSources {
  /** The SQLite database file (may be in WAL mode and open by a running server). */
  dbFile: string;
  /** The file-storage root; may be missing (no uploads yet); undefined when files live in S3. */
  filesDir: string | undefined;
}

async function walk(dir: string | undefined): Promise<{ count: number; bytes: number }> {
  if (dir === undefined || !existsSync(dir)) return { count: 0, bytes: 0 };
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  let count = 0;
  let bytes = 0;
  for (const e of entries) {
    if (!e.isFile() || e.parentPath.split(/[\\/]/).includes('.tmp')) continue;
    count += 1;
    bytes += (await stat(join(e.parentPath, e.name))).size;
  }
  return { count, bytes };
}

/** Writes the archive to `out` (via a temp name, renamed when complete). */
export async function createBackup(src: BackupSources, out: string, now = new Date()): Promise<BackupManifest> {
  if (!existsSync(src.dbFile)) throw new Error(`No database at ${src.dbFile}: nothing to back up.`);
  const stage = await mkdtemp(join(tmpdir(), 'shieldline-backup-'));
  const partial = `${out}.${randomUUID()}.partial`;
  try {
    const db = new Database(src.dbFile, { fileMustExist: true });
    try {
      await db.backup(join(stage, 'app.db'));
    } finally {
      db.close();
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database: { file: 'app.db', bytes: (await stat(join(stage, 'app.db'))).size },
      files: await walk(src.filesDir),
    };
    await writeFile(join(stage, 'backup.json'), JSON.stringify(manifest, null, 2));
    const entries = ['backup.json', 'app.db'];
    if (src.filesDir !== undefined && existsSync(src.filesDir)) {
      await symlink(resolve(src.filesDir), join(stage, 'files'), 'dir');
      entries.push('files');
    }
    await mkdir(dirname(resolve(out)), { recursive: true });
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: stage,
        portable: true,
        follow: true,
        filter: (path) => !/^files\/(.*\/)?\.tmp(\/|$)/.test(path),
      },
      entries,
    );
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(stage, { recursive: true, force: true });
  }
}

export interface RestoreTargets {
  dataDir: string;
  dbFile: string;
  filesDir: string;
}

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/** Brings an archive back. Without `force` the data folder must be empty or missing. */
export async function restoreBackup(archive: string, t: RestoreTargets, o: { force?: boolean } = {}): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new Error(`No archive at ${archive}.`);
  const dataDir = resolve(t.dataDir);
  const occupied = !(await isEmptyOrMissing(dataDir)) || existsSync(t.dbFile) || !(await isEmptyOrMissing(t.filesDir));
  if (occupied && !o.force) {
    throw new RestoreRefusedError(`Refusing to restore over existing data in ${dataDir}. Stop the server and pass --force to replace it.`);
  }
  await mkdir(dataDir, { recursive: true });
  const stage = join(dataDir, `.restore-${randomUUID()}`);
  await mkdir(stage);
  try {
    // tar strips absolute paths and refuses entries that climb out with '..'.
    await tar.extract({ file: archive, cwd: stage, strict: true });
    const manifest = JSON.parse(await readFile(join(stage, 'backup.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unsupported backup format ${manifest.format}.`);
    const db = new Database(join(stage, 'app.db'), { readonly: true, fileMustExist: true });
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The archived database is damaged: ${String(check)}`);
    } finally {
      db.close();
    }
    await Promise.all([t.dbFile, `${t.dbFile}-wal`, `${t.dbFile}-shm`].map((f) => rm(f, { force: true })));
    await rm(t.filesDir, { recursive: true, force: true });
    await mkdir(dirname(resolve(t.dbFile)), { recursive: true });
    await rename(join(stage, 'app.db'), t.dbFile);
    await mkdir(dirname(resolve(t.filesDir)), { recursive: true });
    if (existsSync(join(stage, 'files'))) await rename(join(stage, 'files'), t.filesDir);
    else await mkdir(t.filesDir, { recursive: true });
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
