/**
 * Picks the file-storage adapter from STORAGE_URL: `file:<folder>` (default DATA_DIR/files)
 * or `s3://<bucket>?endpoint=…&region=…&accessKeyId=…&secretAccessKey=…`.
 */
import { fileURLToPath } from 'node:url';
import type { Clock } from '../domain/shared/clock.ts';
import type { FileStorage, UploadLimits } from '../domain/storage/file-storage.ts';
import { storageErrors } from '../domain/storage/storage-error.ts';
import { FsFileStorage } from './fs-storage/fs-file-storage.ts';
import { S3FileStorage, parseS3Url } from './s3-storage/s3-file-storage.ts';

export interface OpenFileStorageOptions {
  limits?: UploadLimits;
  clock?: Clock;
  /** Environment for S3 credentials when the URL has none (AWS_ACCESS_KEY_ID, …). */
  env?: NodeJS.ProcessEnv;
}

export function openFileStorage(url: string, o: OpenFileStorageOptions = {}): FileStorage {
  if (url.startsWith('file:')) {
    // file:///abs/path, file:./relative or file:/abs/path
    const root = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    if (root === '') throw storageErrors.invalidUrl(url);
    return new FsFileStorage({ root, limits: o.limits, clock: o.clock });
  }
  if (url.startsWith('s3://')) {
    return new S3FileStorage({ ...parseS3Url(url, o.env ?? process.env), limits: o.limits, clock: o.clock });
  }
  throw storageErrors.invalidUrl(url);
}
