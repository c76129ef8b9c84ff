import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../domain/shared/clock.ts';
import type { ByteSource, StoredFile, UploadLimits, UploadRequest } from '../../domain/storage/file-storage.ts';
import { SNIFF_BYTES, resolveContentType } from '../../domain/storage/detect-content-type.ts';
import { storageErrors } from '../../domain/storage/storage-error.ts';
import { effectiveLimits, isObjectPath, nameOf, newObjectPath, newStoredFile, tooLarge, validateUploadRequest } from '../../domain/storage/stored-file.ts';

export interface SpooledFile {
  tempPath: string;
  size: number;
  /** Base64 MD5 of the content, computed while the bytes streamed through. */
  md5Hash: string;
  /** The first bytes, for content sniffing. */
  head: Uint8Array;
  remove(): Promise<void>;
}

async function* chunksOf(data: Uint8Array | ByteSource): AsyncIterable<Uint8Array> {
  if (data instanceof Uint8Array) yield data;
  else yield* data;
}

/**
 * Streams an upload into a new file under `dir`, hashing and counting as it goes and stopping
 * as soon as it passes `maxBytes` (the rest is never read). The file is fsync'ed, so a rename
 * of it afterwards is durable. On any failure the temp file is gone.
 */
export async function spoolToTempFile(
  data: Uint8Array | ByteSource,
  o: { dir: string; maxBytes: number; signal?: AbortSignal },
): Promise<SpooledFile> {
  await mkdir(o.dir, { recursive: true });
  const tempPath = join(o.dir, `${randomUUID()}.part`);
  const remove = () => rm(tempPath, { force: true });
  const file = await open(tempPath, 'wx', 0o600);
  const md5 = createHash('md5');
  const head = new Uint8Array(SNIFF_BYTES);
  let size = 0;
  try {
    for await (const chunk of chunksOf(data)) {
      if (o.signal?.aborted) throw storageErrors.canceled();
      const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
      if (size < SNIFF_BYTES) head.set(bytes.subarray(0, SNIFF_BYTES - size), size);
      size += bytes.length;
      if (size > o.maxBytes) throw tooLarge(o.maxBytes);
      md5.update(bytes);
      await file.writeFile(bytes);
    }
    if (o.signal?.aborted) throw storageErrors.canceled();
    await file.sync();
    await file.close();
  } catch (e) {
    await file.close().catch(() => undefined);
    await remove();
    throw e;
  }
  return { tempPath, size, md5Hash: md5.digest('base64'), head: head.slice(0, Math.min(size, SNIFF_BYTES)), remove };
}

export interface PrepareUploadOptions {
  bucket: string;
  limits: UploadLimits;
  tmpDir: string;
  clock: Clock;
  newId: () => string;
  newToken: () => string;
}

/**
 * What every adapter does before it stores anything: check the request, spool the bytes (size
 * limit, md5), check the content type against the bytes, and build the metadata for a new
 * generated path. The caller stores `spooled.tempPath` and then calls `spooled.remove()`.
 */
export async function prepareUpload(request: UploadRequest, o: PrepareUploadOptions): Promise<{ meta: StoredFile; spooled: SpooledFile }> {
  validateUploadRequest(request);
  const limits = effectiveLimits(o.limits, request.limits);
  const spooled = await spoolToTempFile(request.data, { dir: o.tmpDir, maxBytes: limits.maxBytes, signal: request.signal });
  try {
    const contentType = resolveContentType({ declared: request.contentType, head: spooled.head, allowed: limits.allowedContentTypes });
    const meta = newStoredFile({
      request,
      bucket: o.bucket,
      path: newObjectPath(request.folder, o.newId()),
      size: spooled.size,
      md5Hash: spooled.md5Hash,
      contentType,
      now: o.clock.now(),
      tokens: request.withDownloadToken ? [o.newToken()] : [],
    });
    return { meta, spooled };
  } catch (e) {
    await spooled.remove();
    throw e;
  }
}

/**
 * For a restore: spools the bytes of a backed-up object and checks them against its record
 * (size and md5), and the record's path against the generated shape. Returns the record as
 * this storage stores it (its own bucket name).
 */
export async function prepareRestore(record: StoredFile, data: Uint8Array | ByteSource, o: { bucket: string; tmpDir: string }): Promise<{ meta: StoredFile; spooled: SpooledFile }> {
  if (!isObjectPath(record.fullPath)) throw storageErrors.objectNotFound(record.fullPath);
  const spooled = await spoolToTempFile(data, { dir: o.tmpDir, maxBytes: Number.MAX_SAFE_INTEGER });
  if (spooled.md5Hash !== record.md5Hash || spooled.size !== record.size) {
    await spooled.remove();
    throw storageErrors.invalidChecksum(record.fullPath, record.md5Hash, spooled.md5Hash);
  }
  return { meta: { ...record, bucket: o.bucket, name: nameOf(record.fullPath) }, spooled };
}
