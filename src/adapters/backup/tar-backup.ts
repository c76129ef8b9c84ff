/**
 * One-archive backup and restore through the ports, so every combination of database
 * (SQLite, MongoDB) and file storage (folder, S3) is covered and an archive can be restored
 * into another kind. The .tar.gz holds:
 *   manifest.json              format, time, source kinds, documents per collection, files
 *   collections/<name>.ndjson  one document a line: { id, createdAt, updatedAt, version, data },
 *                              data in the store's encoded form (geo points as { __geopoint__ })
 *   files.ndjson               one stored-file record (R-STO-5 metadata) a line
 *   files/<fullPath>           the bytes of each file
 *   session-secret             DATA_DIR/session-secret when present (key material of sealed secrets)
 * The documents come from one consistent snapshot of the store (a read transaction on SQLite,
 * a snapshot session on MongoDB); the files are read after it. Stored files never change in
 * place, so a file uploaded meanwhile is at worst an extra file, and one deleted meanwhile is
 * missing (see docs/storage.md). Format 1 archives (app.db + files/ folder) still restore.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import * as tar from 'tar';
import type { RawDocument } from '../../domain/persistence/document-store-driver.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { ByteSource, FileStorage, StoredFile } from '../../domain/storage/file-storage.ts';
import { isObjectPath } from '../../domain/storage/stored-file.ts';
import { FsFileStorage } from '../fs-storage/fs-file-storage.ts';
import { openSqliteDocumentStore } from '../sqlite/sqlite-document-store.ts';

export const BACKUP_FORMAT = 2;

/**
 * Left out of backups: sign-in sessions (they expire within hours, and bringing them back would
 * re-open sign-ins people may have ended; signing in again is harmless) and scheduler leases
 * (a lease restored from the past would only hold a job back until it expires) and rate-limit windows
 * (minutes long).
 */
export const TRANSIENT_COLLECTIONS: readonly string[] = ['sessions', 'leases', 'rate_limits'];

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** Where the data came from, e.g. { database: 'sqlite', files: 'fs' }. */
  source: { database: string; files: string };
  /** Documents per archived collection. */
  collections: Record<string, number>;
  files: { count: number; bytes: number };
  sessionSecret: boolean;
  /** Collections deliberately not archived (TRANSIENT_COLLECTIONS). */
  skipped: string[];
}

/** The data of one installation, reached through its ports. */
export interface DataEndpoints {
  store: DocumentStore;
  files: FileStorage;
  kinds: { database: string; files: string };
  /** DATA_DIR/session-secret; undefined when there is no data folder to keep it in. */
  sessionSecretFile: string | undefined;
}

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

const LINES_PER_WRITE = 500;

/** Appends lines to a file in chunks. */
async function writeLines(file: string, lines: AsyncIterable<string>): Promise<number> {
  const h = await open(file, 'w', 0o600);
  let n = 0;
  try {
    let buf: string[] = [];
    for await (const line of lines) {
      buf.push(line);
      n += 1;
      if (buf.length >= LINES_PER_WRITE) {
        await h.write(`${buf.join('\n')}\n`);
        buf = [];
      }
    }
    if (buf.length > 0) await h.write(`${buf.join('\n')}\n`);
    await h.sync();
  } finally {
    await h.close();
  }
  return n;
}

async function* readLines(file: string): AsyncIterable<string> {
  const rl = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of rl) if (line.trim() !== '') yield line;
}

async function* jsonLines<T>(items: AsyncIterable<T>): AsyncIterable<string> {
  for await (const item of items) yield JSON.stringify(item);
}

/** Saves a download to `file`, returning its base64 md5 and size. */
async function saveBytes(body: ByteSource, file: string): Promise<{ md5Hash: string; size: number }> {
  await mkdir(dirname(file), { recursive: true });
  const h = await open(file, 'w', 0o600);
  const md5 = createHash('md5');
  let size = 0;
  try {
    for await (const chunk of body) {
      md5.update(chunk);
      size += chunk.length;
      await h.write(chunk);
    }
  } finally {
    await h.close();
  }
  return { md5Hash: md5.digest('base64'), size };
}

const isNotFound = (e: unknown): boolean => (e as { code?: string } | undefined)?.code === 'storage/object-not-found';

/** Copies every file (bytes + record) into `stage`, checking each one's md5. */
async function archiveFiles(files: FileStorage, stage: string): Promise<{ count: number; bytes: number }> {
  const totals = { count: 0, bytes: 0 };
  async function* records(): AsyncIterable<StoredFile> {
    for await (const listed of files.list()) {
      let got;
      try {
        got = await files.download(listed.fullPath);
      } catch (e) {
        if (isNotFound(e)) continue; // deleted since it was listed
        throw e;
      }
      const saved = await saveBytes(got.body, join(stage, 'files', got.metadata.fullPath));
      if (saved.md5Hash !== got.metadata.md5Hash) throw new Error(`File ${got.metadata.fullPath} does not match its md5 (${saved.md5Hash} ≠ ${got.metadata.md5Hash}).`);
      totals.count += 1;
      totals.bytes += saved.size;
      yield got.metadata;
    }
  }
  await writeLines(join(stage, 'files.ndjson'), jsonLines(records()));
  return totals;
}

/** Writes the archive to `out` (via a temp name, renamed when complete). */
export async function createBackup(src: DataEndpoints, out: string, now = new Date()): Promise<BackupManifest> {
  const target = resolve(out);
  await mkdir(dirname(target), { recursive: true });
  const stage = await mkdtemp(join(dirname(target), '.backup-'));
  const partial = `${target}.${randomUUID()}.partial`;
  try {
    await mkdir(join(stage, 'collections'));
    const collections: Record<string, number> = {};
    const skipped: string[] = [];
    const snapshot = await src.store.openSnapshot();
    try {
      for (const name of await snapshot.collections()) {
        if (TRANSIENT_COLLECTIONS.includes(name)) {
          skipped.push(name);
          continue;
        }
        collections[name] = await writeLines(join(stage, 'collections', `${name}.ndjson`), jsonLines(snapshot.documents(name)));
      }
    } finally {
      await snapshot.close();
    }
    const files = await archiveFiles(src.files, stage);
    const secret = src.sessionSecretFile !== undefined && existsSync(src.sessionSecretFile) ? await readFile(src.sessionSecretFile) : null;
    if (secret !== null) await writeFile(join(stage, 'session-secret'), secret, { mode: 0o600 });
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: now.toISOString(), source: src.kinds, collections, files, sessionSecret: secret !== null, skipped };
    await writeFile(join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', 'collections', 'files.ndjson', ...(files.count > 0 ? ['files'] : []), ...(secret !== null ? ['session-secret'] : [])];
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, entries);
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(stage, { recursive: true, force: true });
  }
}

/** What an extracted archive offers a restore, whatever its format. */
interface ArchiveContent {
  manifest: BackupManifest;
  documents(collection: string): AsyncIterable<RawDocument>;
  files(): AsyncIterable<{ record: StoredFile; bytes: () => ByteSource }>;
  sessionSecret: Buffer | null;
  close(): Promise<void>;
}

async function openFormat2(stage: string, manifest: BackupManifest): Promise<ArchiveContent> {
  return {
    manifest,
    async *documents(collection) {
      for await (const line of readLines(join(stage, 'collections', `${collection}.ndjson`))) yield JSON.parse(line) as RawDocument;
    },
    async *files() {
      for await (const line of readLines(join(stage, 'files.ndjson'))) {
        const record = JSON.parse(line) as StoredFile;
        // A tampered archive must not make us read outside the stage.
        if (!isObjectPath(record.fullPath)) throw new Error(`The archive names an invalid file path: ${record.fullPath}`);
        yield { record, bytes: () => createReadStream(join(stage, 'files', record.fullPath)) };
      }
    },
    sessionSecret: manifest.sessionSecret ? await readFile(join(stage, 'session-secret')) : null,
    close: async () => {},
  };
}

/** Format 1 (app.db + files/ folder): read through an SQLite store and a folder storage. */
async function openFormat1(stage: string, createdAt: string): Promise<ArchiveContent> {
  const store = openSqliteDocumentStore(join(stage, 'app.db'));
  const files = new FsFileStorage({ root: join(stage, 'files') });
  const snapshot = await store.openSnapshot();
  const names = (await snapshot.collections()).filter((n) => !TRANSIENT_COLLECTIONS.includes(n));
  const collections: Record<string, number> = {};
  for (const n of names) collections[n] = await store.collection(n).count();
  const listed: StoredFile[] = [];
  for await (const f of files.list()) listed.push(f);
  return {
    manifest: {
      format: 1,
      createdAt,
      source: { database: 'sqlite', files: 'fs' },
      collections,
      files: { count: listed.length, bytes: listed.reduce((n, f) => n + f.size, 0) },
      sessionSecret: false,
      skipped: [],
    },
    documents: (collection) => snapshot.documents(collection),
    async *files() {
      for (const record of listed) yield { record, bytes: () => createReadStream(join(stage, 'files', record.fullPath)) };
    },
    sessionSecret: null,
    close: async () => {
      await snapshot.close();
      await store.close();
    },
  };
}

async function openArchive(stage: string): Promise<ArchiveContent> {
  if (existsSync(join(stage, 'manifest.json'))) {
    const manifest = JSON.parse(await readFile(join(stage, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unsupported backup format ${manifest.format}.`);
    return openFormat2(stage, manifest);
  }
  if (existsSync(join(stage, 'backup.json'))) {
    const old = JSON.parse(await readFile(join(stage, 'backup.json'), 'utf8')) as { format: number; createdAt: string };
    if (old.format === 1) return openFormat1(stage, old.createdAt);
  }
  throw new Error('This is not a backup archive (no manifest.json).');
}

/** True when the target holds documents (other than transient ones) or files. */
async function holdsData(t: DataEndpoints): Promise<boolean> {
  if ((await t.store.listCollections()).some((n) => !TRANSIENT_COLLECTIONS.includes(n))) return true;
  for await (const file of t.files.list()) return file !== undefined;
  return false;
}

async function clearTarget(t: DataEndpoints): Promise<void> {
  for (const name of await t.store.listCollections()) await t.store.clearCollection(name);
  const paths: string[] = [];
  for await (const f of t.files.list()) paths.push(f.fullPath);
  for (const p of paths) await t.files.delete(p);
}

async function restoreDocuments(content: ArchiveContent, store: DocumentStore): Promise<void> {
  for (const [name, expected] of Object.entries(content.manifest.collections)) {
    let batch: RawDocument[] = [];
    for await (const doc of content.documents(name)) {
      batch.push(doc);
      if (batch.length >= LINES_PER_WRITE) {
        await store.importDocuments(name, batch);
        batch = [];
      }
    }
    await store.importDocuments(name, batch);
    const got = await store.collection(name).count();
    if (got !== expected) throw new Error(`Collection ${name}: restored ${got} documents, the backup lists ${expected}.`);
  }
}

export interface RestoreOptions {
  /** Replace the target's data (stop the server first). */
  force?: boolean;
  /** Where to extract the archive (default: the system temp folder). */
  stageDir?: string;
}

/**
 * Brings an archive back into the target's store and storage (any kinds). Without `force` the
 * target must hold no documents (sessions and leases aside) and no files.
 */
export async function restoreBackup(archive: string, target: DataEndpoints, o: RestoreOptions = {}): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new Error(`No archive at ${archive}.`);
  if ((await holdsData(target)) && !o.force) throw new RestoreRefusedError('Refusing to restore over existing data. Stop the server and pass --force to replace it.');
  const stageDir = o.stageDir ?? tmpdir();
  await mkdir(stageDir, { recursive: true });
  const stage = await mkdtemp(join(stageDir, '.restore-'));
  try {
    // tar strips absolute paths and refuses entries that climb out with '..'.
    await tar.extract({ file: archive, cwd: stage, strict: true });
    const content = await openArchive(stage);
    try {
      if (o.force) await clearTarget(target);
      await restoreDocuments(content, target.store);
      let count = 0;
      for await (const f of content.files()) {
        await target.files.restoreFile(f.record, f.bytes());
        count += 1;
      }
      if (count !== content.manifest.files.count) throw new Error(`Restored ${count} files, the backup lists ${content.manifest.files.count}.`);
      if (content.sessionSecret !== null && target.sessionSecretFile !== undefined) await writeSecret(target.sessionSecretFile, content.sessionSecret);
      return content.manifest;
    } finally {
      await content.close();
    }
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Temp file, then rename, readable by the owner only. */
async function writeSecret(file: string, secret: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, secret, { mode: 0o600 });
  await rename(temp, file);
}

/** Size of a written archive (for the command's report). */
export const archiveBytes = async (file: string): Promise<number> => (await stat(file)).size;
