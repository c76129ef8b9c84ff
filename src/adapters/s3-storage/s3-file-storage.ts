/**
 * File storage in an S3 bucket (@aws-sdk/client-s3, path-style, so MinIO, Ceph and s3rver work).
 * The R-STO-5 metadata lives with the object: the content-* headers natively, the rest as
 * x-amz-meta-* (ASCII only, so custom metadata is base64url JSON). Token changes rewrite the
 * metadata with a copy onto itself (MetadataDirective REPLACE), guarded by the ETag.
 *
 * An upload is first spooled to a local temp file (hashing, counting, sniffing, limits), then
 * sent with @aws-sdk/lib-storage: one PUT up to `partSize`, multipart above it, so a partial
 * object never becomes visible. Every call runs under the storage retry policy (R-STO-2..4):
 * the SDK's own retries are off, so 5xx/408/429 and dropped connections are retried here, with
 * the upload deadline (600 s) or the operation deadline (120 s).
 */
import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Clock } from '../../domain/shared/clock.ts';
import type { ByteSource, DownloadResult, FileStorage, ListOptions, StoredFile, UploadLimits, UploadRequest } from '../../domain/storage/file-storage.ts';
import {
  MAX_OPERATION_RETRY_TIME_MS,
  MAX_UPLOAD_RETRY_TIME_MS,
  isRetryableStatus,
  validateRetryTime,
  withRetry,
} from '../../domain/storage/retry-policy.ts';
import { StorageError, storageErrorFromHttpStatus, storageErrors } from '../../domain/storage/storage-error.ts';
import {
  assertFolder,
  DEFAULT_UPLOAD_LIMITS,
  hasDownloadToken,
  isObjectPath,
  nameOf,
  withDownloadToken,
  withoutDownloadToken,
} from '../../domain/storage/stored-file.ts';
import { KeyedLock } from '../shared/keyed-lock.ts';
import { type PrepareUploadOptions, prepareRestore, prepareUpload } from '../fs-storage/spool-to-temp-file.ts';
import type { S3Location } from './s3-url.ts';

export { parseS3Url, type S3Location } from './s3-url.ts';

export interface S3FileStorageOptions extends S3Location {
  limits?: UploadLimits;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Retry deadlines (R-STO-4); tests shorten them. */
  maxOperationRetryTimeMs?: number;
  maxUploadRetryTimeMs?: number;
  /** Above this size uploads go multipart (min 5 MiB, S3's smallest part). */
  partSize?: number;
  tmpDir?: string;
  newId?: () => string;
  newToken?: () => string;
  onRetry?: (info: { attempt: number; waitMs: number; error: unknown }) => void;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH']);
const TIMEOUT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'AbortError']);

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

const statusOf = (e: unknown): number | undefined => (e as SdkError | undefined)?.$metadata?.httpStatusCode;

/** Server 5xx/408/429, a dropped or refused connection, or a timed-out attempt. */
export function isRetryableS3Error(e: unknown): boolean {
  if (e instanceof StorageError) return false;
  const status = statusOf(e);
  if (status !== undefined && status > 0) return isRetryableStatus(status);
  const err = e as SdkError | undefined;
  const code = err?.code ?? (err?.cause as SdkError | undefined)?.code;
  return (code !== undefined && NETWORK_ERROR_CODES.has(code)) || TIMEOUT_NAMES.has(err?.name ?? '');
}

const META = {
  md5: 'md5-hash',
  generation: 'generation',
  metageneration: 'metageneration',
  created: 'time-created',
  updated: 'updated',
  tokens: 'download-tokens',
  custom: 'custom-metadata',
} as const;

export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  readonly #prefix: string;
  readonly #upload: PrepareUploadOptions;
  readonly #clock: Clock;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #operationDeadline: number;
  readonly #uploadDeadline: number;
  readonly #partSize: number;
  readonly #newToken: () => string;
  readonly #onRetry: S3FileStorageOptions['onRetry'];
  readonly #lock = new KeyedLock();

  constructor(o: S3FileStorageOptions) {
    this.bucket = o.bucket;
    this.#prefix = o.prefix;
    this.#clock = o.clock ?? { now: () => new Date() };
    this.#sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.#random = o.random ?? Math.random;
    this.#operationDeadline = validateRetryTime(o.maxOperationRetryTimeMs ?? MAX_OPERATION_RETRY_TIME_MS, 'maxOperationRetryTime');
    this.#uploadDeadline = validateRetryTime(o.maxUploadRetryTimeMs ?? MAX_UPLOAD_RETRY_TIME_MS, 'maxUploadRetryTime');
    this.#partSize = Math.max(MIN_PART_SIZE, o.partSize ?? 8 * 1024 * 1024);
    this.#newToken = o.newToken ?? randomUUID;
    this.#upload = {
      bucket: o.bucket,
      limits: o.limits ?? DEFAULT_UPLOAD_LIMITS,
      tmpDir: o.tmpDir ?? join(tmpdir(), 'shieldline-s3-spool'),
      clock: this.#clock,
      newId: o.newId ?? randomUUID,
      newToken: this.#newToken,
    };
    this.#onRetry = o.onRetry;
    this.client = new S3Client({
      region: o.region,
      endpoint: o.endpoint,
      forcePathStyle: o.forcePathStyle,
      credentials:
        o.accessKeyId !== undefined && o.secretAccessKey !== undefined
          ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
          : undefined,
      // The storage retry policy is the only retry layer.
      maxAttempts: 1,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
  }

  async upload(request: UploadRequest): Promise<StoredFile> {
    const { meta, spooled } = await prepareUpload(request, this.#upload);
    try {
      await this.#retry(meta.fullPath, this.#uploadDeadline, request.signal, async ({ remainingMs }) => {
        const abortController = new AbortController();
        const timer = setTimeout(() => abortController.abort(), remainingMs);
        const onCancel = () => abortController.abort();
        request.signal?.addEventListener('abort', onCancel, { once: true });
        try {
          const up = new Upload({
            client: this.client,
            params: {
              ...this.#objectParams(meta),
              Body: createReadStream(spooled.tempPath),
              // Lets S3 check the bytes of a single PUT; multipart parts carry their own.
              ...(spooled.size <= this.#partSize ? { ContentMD5: spooled.md5Hash, ContentLength: spooled.size } : {}),
            },
            partSize: this.#partSize,
            queueSize: 2,
            leavePartsOnError: false,
            abortController,
          });
          await up.done();
        } finally {
          clearTimeout(timer);
          request.signal?.removeEventListener('abort', onCancel);
        }
      });
      return meta;
    } finally {
      await spooled.remove();
    }
  }

  async *list(options: ListOptions = {}): AsyncIterable<StoredFile> {
    const root = this.#prefix === '' ? '' : `${this.#prefix}/`;
    const prefix = options.folder === undefined ? root : `${root}${assertFolder(options.folder)}/`;
    let token: string | undefined;
    do {
      const page = await this.#retry(prefix, this.#operationDeadline, undefined, ({ remainingMs }) =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }), {
          abortSignal: AbortSignal.timeout(Math.max(1, remainingMs)),
        }),
      );
      for (const o of page.Contents ?? []) {
        const path = (o.Key ?? '').slice(root.length);
        if (!isObjectPath(path)) continue;
        try {
          yield (await this.#head(path)).meta;
        } catch (e) {
          // Deleted since the listing, or an object this storage did not write.
          if (!(e instanceof StorageError && e.code === 'storage/object-not-found')) throw e;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }

  async restoreFile(record: StoredFile, data: Uint8Array | ByteSource): Promise<StoredFile> {
    const { meta, spooled } = await prepareRestore(record, data, { bucket: this.bucket, tmpDir: this.#upload.tmpDir });
    try {
      await this.#retry(meta.fullPath, this.#uploadDeadline, undefined, ({ remainingMs }) =>
        this.client.send(
          new PutObjectCommand({ ...this.#objectParams(meta), Body: createReadStream(spooled.tempPath), ContentMD5: spooled.md5Hash, ContentLength: spooled.size }),
          { abortSignal: AbortSignal.timeout(Math.max(1, remainingMs)) },
        ),
      );
      return meta;
    } finally {
      await spooled.remove();
    }
  }

  async getMetadata(path: string): Promise<StoredFile> {
    return (await this.#head(path)).meta;
  }

  async download(path: string): Promise<DownloadResult> {
    const key = this.#key(path);
    const r = await this.#retry(path, this.#operationDeadline, undefined, ({ remainingMs }) =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal: AbortSignal.timeout(Math.max(1, remainingMs)) }),
    );
    return { metadata: this.#toStoredFile(path, r), body: r.Body as Readable };
  }

  async delete(path: string): Promise<void> {
    const key = this.#key(path);
    await this.#lock.run(path, async () => {
      // S3 deletes are idempotent; the port reports a missing object.
      await this.#head(path);
      await this.#retry(path, this.#operationDeadline, undefined, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
    });
  }

  createDownloadToken(path: string): Promise<StoredFile> {
    return this.#update(path, (m) => withDownloadToken(m, this.#newToken(), this.#clock.now()));
  }

  revokeDownloadToken(path: string, token: string): Promise<StoredFile> {
    return this.#update(path, (m) => withoutDownloadToken(m, token, this.#clock.now()));
  }

  async findByDownloadToken(path: string, token: string): Promise<StoredFile | null> {
    if (!isObjectPath(path)) return null;
    try {
      const { meta } = await this.#head(path);
      return hasDownloadToken(meta, token) ? meta : null;
    } catch (e) {
      if (e instanceof StorageError && e.code === 'storage/object-not-found') return null;
      throw e;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  #update(path: string, change: (m: StoredFile) => StoredFile): Promise<StoredFile> {
    const key = this.#key(path);
    return this.#lock.run(path, async () => {
      // Another process may change the same object: the ETag guard makes the copy fail (412),
      // and the change is then made again on the fresh metadata.
      for (let round = 1; ; round += 1) {
        const { meta, etag } = await this.#head(path);
        const next = change(meta);
        try {
          await this.#retry(path, this.#operationDeadline, undefined, () =>
            this.client.send(
              new CopyObjectCommand({
                ...this.#objectParams(next),
                Key: key,
                CopySource: `${this.bucket}/${key}`,
                CopySourceIfMatch: etag,
                MetadataDirective: 'REPLACE',
              }),
            ),
          );
          return next;
        } catch (e) {
          if (!(e instanceof StorageError && e.status === 412) || round >= 5) throw e;
        }
      }
    });
  }

  async #head(path: string): Promise<{ meta: StoredFile; etag: string | undefined }> {
    const key = this.#key(path);
    const r = await this.#retry(path, this.#operationDeadline, undefined, ({ remainingMs }) =>
      this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal: AbortSignal.timeout(Math.max(1, remainingMs)) }),
    );
    return { meta: this.#toStoredFile(path, r), etag: r.ETag };
  }

  /** Runs one S3 call under the retry policy and turns SDK failures into storage errors. */
  async #retry<T>(
    path: string,
    deadlineMs: number,
    signal: AbortSignal | undefined,
    op: (ctx: { attempt: number; remainingMs: number }) => Promise<T>,
  ): Promise<T> {
    try {
      return await withRetry(op, {
        clock: this.#clock,
        sleep: this.#sleep,
        random: this.#random,
        deadlineMs,
        isRetryable: isRetryableS3Error,
        signal,
        onRetry: this.#onRetry,
      });
    } catch (e) {
      throw this.#toStorageError(path, e);
    }
  }

  #toStorageError(path: string, e: unknown): unknown {
    if (e instanceof StorageError) return e;
    const err = e as SdkError;
    if (err.name === 'NoSuchBucket') return storageErrors.bucketNotFound(this.bucket);
    if (err.name === 'NoSuchKey' || err.name === 'NotFound') return storageErrors.objectNotFound(path);
    const status = statusOf(e);
    if (status === 400 && err.name === 'BadDigest') return storageErrors.invalidChecksum(path, 'sent', 'received');
    if (status !== undefined) {
      const mapped = storageErrorFromHttpStatus(status, { path, bucket: this.bucket });
      return new StorageError(mapped.code, mapped.message, { status, cause: e });
    }
    return new StorageError('storage/unknown', storageErrors.unknown().message, { cause: e });
  }

  #key(path: string): string {
    if (!isObjectPath(path)) throw storageErrors.objectNotFound(path);
    return this.#prefix === '' ? path : `${this.#prefix}/${path}`;
  }

  #objectParams(m: StoredFile) {
    return {
      Bucket: this.bucket,
      Key: this.#key(m.fullPath),
      ContentType: m.contentType,
      CacheControl: m.cacheControl,
      ContentDisposition: m.contentDisposition,
      ContentEncoding: m.contentEncoding,
      ContentLanguage: m.contentLanguage,
      Metadata: {
        [META.md5]: m.md5Hash,
        [META.generation]: m.generation,
        [META.metageneration]: m.metageneration,
        [META.created]: m.timeCreated,
        [META.updated]: m.updated,
        [META.tokens]: m.downloadTokens.join(','),
        [META.custom]: Buffer.from(JSON.stringify(m.customMetadata)).toString('base64url'),
      },
    };
  }

  #toStoredFile(path: string, r: Pick<HeadObjectCommandOutput, 'ContentLength' | 'ContentType' | 'CacheControl' | 'ContentDisposition' | 'ContentEncoding' | 'ContentLanguage' | 'Metadata'>): StoredFile {
    const md = r.Metadata ?? {};
    const generation = md[META.generation];
    // An object this storage did not write is not one of its files.
    if (generation === undefined) throw storageErrors.objectNotFound(path);
    const tokens = md[META.tokens] ?? '';
    return {
      bucket: this.bucket,
      generation,
      metageneration: md[META.metageneration] ?? '1',
      name: nameOf(path),
      fullPath: path,
      size: r.ContentLength ?? 0,
      timeCreated: md[META.created] ?? '',
      updated: md[META.updated] ?? '',
      md5Hash: md[META.md5] ?? '',
      cacheControl: r.CacheControl,
      contentDisposition: r.ContentDisposition,
      contentEncoding: r.ContentEncoding,
      contentLanguage: r.ContentLanguage,
      contentType: r.ContentType ?? 'application/octet-stream',
      customMetadata: JSON.parse(Buffer.from(md[META.custom] ?? 'e30', 'base64url').toString('utf8')) as Record<string, string>,
      downloadTokens: tokens === '' ? [] : tokens.split(','),
    };
  }
}
