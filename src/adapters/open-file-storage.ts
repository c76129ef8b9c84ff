/**
 * Picks the file-storage adapter from STORAGE_URL: `file:<folder>` (default DATA_DIR/files)
 * or `s3://<bucket>?endpoint=…&region=…&accessKeyId=…&secretAccessKey=…`.
 */
import { fileURLToPath } from 'node:url';
import type { Clock } from '../domain/shared/clock.ts';
import type { FileStorage, UploadLimits } from '../domain/storage/file-storage.ts';
import { storageErrors } from '../domain/storage/storage-error.ts';
import { FsFileStorage } from './fs-storage/fs-file-storage.ts';
import { parseS3Url } from './s3-storage/s3-url.ts';
import { StartupCheckError, reasonOf, redactedUrl } from './startup-check-error.ts';
import { readAllBytes } from '../domain/storage/file-storage.ts';

export interface OpenFileStorageOptions {
  limits?: UploadLimits;
  clock?: Clock;
  /** Environment for S3 credentials when the URL has none (AWS_ACCESS_KEY_ID, …). */
  env?: NodeJS.ProcessEnv;
}

/** The AWS SDK is loaded only for an S3 STORAGE_URL (≈ 4 MB of heap a folder never needs). */
const loadS3 = async () => (await import('./s3-storage/s3-file-storage.ts')).S3FileStorage;

/** A `file:` URL's folder: file:///abs/path, file:./relative or file:/abs/path. */
function openFolder(url: string, o: OpenFileStorageOptions = {}): FsFileStorage {
  const root = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
  if (root === '') throw storageErrors.invalidUrl(url);
  return new FsFileStorage({ root, limits: o.limits, clock: o.clock });
}

export async function openFileStorage(url: string, o: OpenFileStorageOptions = {}): Promise<FileStorage> {
  if (url.startsWith('file:')) return openFolder(url, o);
  if (url.startsWith('s3://')) {
    const location = parseS3Url(url, o.env ?? process.env);
    return new (await loadS3())({ ...location, limits: o.limits, clock: o.clock });
  }
  throw storageErrors.invalidUrl(url);
}

/** Where the probe writes: its own folder, emptied again by every probe. */
export const PROBE_FOLDER = 'startup-probe';
/** A probe answers within this, whatever the storage's own retry deadlines (120 s, 600 s) say. */
export const PROBE_TIMEOUT_MS = 8_000;
/** A passed probe stands for this long (concurrent checks share one probe besides). */
const PROBE_REUSE_MS = 1_000;
const PROBE_BYTES = new TextEncoder().encode('%PDF-1.4\n% storage probe\n');

export interface StorageProbe {
  /** Writes, reads back and deletes a small object; fails with a StartupCheckError naming STORAGE_URL. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A second handle on STORAGE_URL, with short retry deadlines, for the start-up check and
 * GET /api/ready: a wrong folder, bucket, endpoint or key is found before the first customer
 * uploads a photo. Concurrent checks share one probe, and a passed one stands for a second.
 */
export function openStorageProbe(url: string, o: Pick<OpenFileStorageOptions, 'env'> = {}): StorageProbe {
  const shown = redactedUrl(url);
  let storage: Promise<FileStorage>;
  let where: string;
  try {
    if (url.startsWith('s3://')) {
      const loc = parseS3Url(url, o.env ?? process.env);
      storage = loadS3().then((S3FileStorage) => new S3FileStorage({ ...loc, maxOperationRetryTimeMs: PROBE_TIMEOUT_MS / 2, maxUploadRetryTimeMs: PROBE_TIMEOUT_MS / 2 }));
      where = `bucket '${loc.bucket}' at ${loc.endpoint ?? 'the AWS endpoint'}`;
    } else if (url.startsWith('file:')) {
      const folder = openFolder(url);
      storage = Promise.resolve(folder);
      where = `folder ${folder.root}`;
    } else {
      throw storageErrors.invalidUrl(url);
    }
  } catch (e) {
    const failure = new StartupCheckError('STORAGE_URL', `STORAGE_URL '${shown}' is not usable: ${reasonOf(e)}`, { cause: e });
    return { check: () => Promise.reject(failure), close: async () => {} };
  }
  // A storage that cannot even be built (the SDK failing to load) fails the probe, not the start.
  storage.catch(() => {});
  const probe = async () => {
    const files = await storage;
    const f = await files.upload({ folder: PROBE_FOLDER, data: PROBE_BYTES, contentType: 'application/pdf' });
    const back = await readAllBytes((await files.download(f.fullPath)).body);
    await files.delete(f.fullPath);
    if (Buffer.compare(Buffer.from(back), Buffer.from(PROBE_BYTES)) !== 0) throw new Error('the probe file read back differs from what was written');
  };
  let running: Promise<void> | null = null;
  let passedAt = -Infinity;
  return {
    check: () => {
      // GET /api/ready is public: a caller hammering it gets at most one probe a second.
      if (Date.now() - passedAt < PROBE_REUSE_MS) return Promise.resolve();
      running ??= new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS);
        probe()
          .then(() => {
            passedAt = Date.now();
            resolve();
          }, reject)
          .finally(() => clearTimeout(timer));
      })
        .catch((e: unknown) => {
          throw new StartupCheckError('STORAGE_URL', `STORAGE_URL '${shown}' is not usable: cannot write, read and delete a probe file in ${where} (${reasonOf(e)}).`, { cause: e });
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    close: async () => {
      await (await storage.catch(() => null))?.close?.();
    },
  };
}
