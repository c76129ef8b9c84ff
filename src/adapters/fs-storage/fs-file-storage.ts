/**
 * File storage on the local filesystem (the default: DATA_DIR/files). Layout under the root:
 *   <folder>/<id>        the bytes
 *   <folder>/<id>.json   the metadata (StoredFile); its presence is what makes the object exist
 *   .tmp/                uploads in progress
 * Every write goes to a temp file, is fsync'ed, then renamed into place (and the folder
 * fsync'ed), so a crash leaves either the old state or the new one, never half a file.
 * Paths are checked against the generated shape before they touch the disk, and resolved
 * paths must stay under the root.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Clock } from '../../domain/shared/clock.ts';
import type { ByteSource, DownloadResult, FileStorage, ListOptions, StoredFile, UploadLimits, UploadRequest } from '../../domain/storage/file-storage.ts';
import { StorageError, storageErrors } from '../../domain/storage/storage-error.ts';
import { assertFolder, DEFAULT_UPLOAD_LIMITS, hasDownloadToken, isObjectPath, withDownloadToken, withoutDownloadToken } from '../../domain/storage/stored-file.ts';
import { KeyedLock } from '../shared/keyed-lock.ts';
import { type PrepareUploadOptions, prepareRestore, prepareUpload } from './spool-to-temp-file.ts';

export interface FsFileStorageOptions {
  root: string;
  /** Reported as the `bucket` of every file. */
  bucket?: string;
  limits?: UploadLimits;
  clock?: Clock;
  newId?: () => string;
  newToken?: () => string;
}

const systemClock: Clock = { now: () => new Date() };

export class FsFileStorage implements FileStorage {
  readonly root: string;
  readonly #upload: Omit<PrepareUploadOptions, 'tmpDir'>;
  readonly #clock: Clock;
  readonly #newToken: () => string;
  readonly #lock = new KeyedLock();

  constructor(o: FsFileStorageOptions) {
    this.root = resolve(o.root);
    this.#clock = o.clock ?? systemClock;
    this.#newToken = o.newToken ?? randomUUID;
    this.#upload = {
      bucket: o.bucket ?? 'files',
      limits: o.limits ?? DEFAULT_UPLOAD_LIMITS,
      clock: this.#clock,
      newId: o.newId ?? randomUUID,
      newToken: this.#newToken,
    };
  }

  async upload(request: UploadRequest): Promise<StoredFile> {
    return this.#writing(() => this.#uploadOnce(request));
  }

  async #uploadOnce(request: UploadRequest): Promise<StoredFile> {
    const { meta, spooled } = await prepareUpload(request, { ...this.#upload, tmpDir: join(this.root, '.tmp') });
    try {
      const file = this.#file(meta.fullPath);
      await mkdir(dirname(file), { recursive: true });
      await rename(spooled.tempPath, file);
      await writeFileAtomic(`${file}.json`, JSON.stringify(meta)).catch(async (e: unknown) => {
        await rm(file, { force: true });
        throw e;
      });
      return meta;
    } finally {
      await spooled.remove();
    }
  }

  async getMetadata(path: string): Promise<StoredFile> {
    return this.#read(path);
  }

  async download(path: string): Promise<DownloadResult> {
    const metadata = await this.#read(path);
    const file = this.#file(path);
    // Open before returning so a file deleted meanwhile fails here, not mid-response.
    const handle = await open(file, 'r').catch((e: unknown) => {
      throw isNotFound(e) ? storageErrors.objectNotFound(path) : e;
    });
    return { metadata, body: handle.createReadStream() };
  }

  async delete(path: string): Promise<void> {
    await this.#lock.run(path, async () => {
      const file = this.#file(path);
      try {
        await rm(`${file}.json`);
      } catch (e) {
        throw isNotFound(e) ? storageErrors.objectNotFound(path) : e;
      }
      await rm(file, { force: true });
      await fsyncDir(dirname(file));
    });
  }

  async createDownloadToken(path: string): Promise<StoredFile> {
    return this.#update(path, (m) => withDownloadToken(m, this.#newToken(), this.#clock.now()));
  }

  async revokeDownloadToken(path: string, token: string): Promise<StoredFile> {
    return this.#update(path, (m) => withoutDownloadToken(m, token, this.#clock.now()));
  }

  async findByDownloadToken(path: string, token: string): Promise<StoredFile | null> {
    if (!isObjectPath(path)) return null;
    const meta = await this.#read(path).catch(() => null);
    return meta !== null && hasDownloadToken(meta, token) ? meta : null;
  }

  #update(path: string, change: (m: StoredFile) => StoredFile): Promise<StoredFile> {
    return this.#lock.run(path, async () => {
      const next = change(await this.#read(path));
      await writeFileAtomic(`${this.#file(path)}.json`, JSON.stringify(next));
      return next;
    });
  }

  async #read(path: string): Promise<StoredFile> {
    const file = this.#file(path);
    try {
      return JSON.parse(await readFile(`${file}.json`, 'utf8')) as StoredFile;
    } catch (e) {
      throw isNotFound(e) ? storageErrors.objectNotFound(path) : e;
    }
  }

  async *list(options: ListOptions = {}): AsyncIterable<StoredFile> {
    const dir = options.folder === undefined ? this.root : join(this.root, assertFolder(options.folder));
    const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((e: unknown) => {
      if (isNotFound(e)) return [];
      throw e;
    });
    for (const e of entries) {
      if (!e.isFile() || !e.name.endsWith('.json')) continue;
      const path = relative(this.root, join(e.parentPath, e.name.slice(0, -'.json'.length))).split(sep).join('/');
      if (!isObjectPath(path)) continue;
      const meta = await this.#read(path).catch(() => null);
      if (meta !== null) yield meta;
    }
  }

  async restoreFile(record: StoredFile, data: Uint8Array | ByteSource): Promise<StoredFile> {
    const { meta, spooled } = await prepareRestore(record, data, { bucket: this.#upload.bucket, tmpDir: join(this.root, '.tmp') });
    try {
      const file = this.#file(meta.fullPath);
      await this.#lock.run(meta.fullPath, async () => {
        await mkdir(dirname(file), { recursive: true });
        await rename(spooled.tempPath, file);
        await writeFileAtomic(`${file}.json`, JSON.stringify(meta));
      });
      return meta;
    } finally {
      await spooled.remove();
    }
  }

  /**
   * A disk that is full or cannot be written (ENOSPC, EROFS, EACCES…) is the server's fault, not
   * the uploader's: a storage error (503, generic message) naming the folder in the log, not a
   * raw 500. The temp file of the upload is already gone (spoolToTempFile, upload).
   */
  async #writing<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException | undefined)?.code;
      if (code === undefined || !DISK_FAULTS.has(code)) throw e;
      throw new StorageError('storage/internal-error', `Internal error: the storage folder ${this.root} cannot be written (${code}).`, { cause: e });
    }
  }

  /** The file of an object path; anything that is not a generated path is "not found". */
  #file(path: string): string {
    if (!isObjectPath(path)) throw storageErrors.objectNotFound(path);
    const file = resolve(this.root, path);
    if (!file.startsWith(this.root + sep)) throw storageErrors.objectNotFound(path);
    return file;
  }
}

const DISK_FAULTS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENOTDIR', 'EIO', 'EFBIG']);
const isNotFound = (e: unknown): boolean => (e as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

async function fsyncDir(dir: string): Promise<void> {
  const h = await open(dir, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

/** Temp file in the same folder, fsync, rename over the target, fsync the folder. */
export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
  const h = await open(temp, 'wx', 0o600);
  try {
    await h.writeFile(data);
    await h.sync();
  } catch (e) {
    await h.close();
    await rm(temp, { force: true });
    throw e;
  }
  await h.close();
  await rename(temp, target).catch(async (e: unknown) => {
    await rm(temp, { force: true });
    throw e;
  });
  await fsyncDir(dirname(target));
}
