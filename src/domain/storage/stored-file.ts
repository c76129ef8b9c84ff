/**
 * Pure rules every file-storage adapter shares: generated object paths, upload limits,
 * metadata validation, building the R-STO-5 record, and download tokens.
 */
import type { StoredFile, UploadLimits, UploadRequest } from './file-storage.ts';
import { storageErrors } from './storage-error.ts';
import { OFFICE_DOCUMENT_TYPES } from './file-types.ts';

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: 25 * 1024 * 1024,
  allowedContentTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif', 'application/pdf', ...OFFICE_DOCUMENT_TYPES],
};

/** Metadata travels in S3 object headers (2 KB in all), so it is kept small. */
export const MAX_CUSTOM_METADATA_BYTES = 1024;
export const MAX_DOWNLOAD_TOKENS = 10;
const MAX_HEADER_FIELD = 256;

/** The stricter of the storage's limits and the request's. */
export function effectiveLimits(base: UploadLimits, request: Partial<UploadLimits> | undefined): UploadLimits {
  const maxBytes = Math.min(base.maxBytes, request?.maxBytes ?? Number.POSITIVE_INFINITY);
  const fromRequest = request?.allowedContentTypes;
  let allowedContentTypes = base.allowedContentTypes ?? fromRequest;
  if (base.allowedContentTypes !== undefined && fromRequest !== undefined) {
    allowedContentTypes = base.allowedContentTypes.filter((t) => fromRequest.includes(t));
  }
  return { maxBytes, allowedContentTypes };
}

export function tooLarge(maxBytes: number) {
  return storageErrors.invalidArgument(`The file is larger than the ${formatBytes(maxBytes)} limit.`);
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}

const SEGMENT = /^[a-z0-9][a-z0-9-]{0,62}$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9-]{7,63}$/;

/** A caller-chosen folder: segments of [a-z0-9-] joined by '/'. */
export function assertFolder(folder: string): string {
  const segments = folder.split('/');
  if (segments.length > 4 || !segments.every((s) => SEGMENT.test(s))) {
    throw storageErrors.invalidArgument(`Invalid folder '${folder}': use lower-case letters, digits and '-', e.g. 'floor-plans'.`);
  }
  return folder;
}

/** The path of a new object: `<folder>/<id>`, with the id from the adapter's generator. */
export function newObjectPath(folder: string, id: string): string {
  if (!ID.test(id)) throw storageErrors.internalError(`generated id '${id}' is not a safe path segment`);
  return `${assertFolder(folder)}/${id}`;
}

/**
 * True only for paths this storage could have generated; adapters check before they touch a
 * disk or a bucket, so '../x', absolute paths, backslashes and dot segments never get through.
 */
export function isObjectPath(path: string): boolean {
  const segments = path.split('/');
  const id = segments.pop();
  return id !== undefined && ID.test(id) && segments.length >= 1 && segments.length <= 4 && segments.every((s) => SEGMENT.test(s));
}

/** Last path segment (R-STO-5 `name`). */
export const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** `attachment` with the uploader's name, ASCII fallback plus RFC 8187 UTF-8 form. */
export function attachmentDisposition(fileName: string | undefined): string {
  if (fileName === undefined) return 'attachment';
  // Keep the last path segment only, drop control characters and quotes.
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  if (clean === '' || clean === '.' || clean === '..') return 'attachment';
  const fallback = clean.replace(/[^\x20-\x7e]/g, '_').replace(/[%\\]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return fallback === clean ? `attachment; filename="${clean}"` : `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The attachment name `attachmentDisposition` wrote (its UTF-8 form first); undefined without one. */
export function fileNameFromDisposition(disposition: string | undefined): string | undefined {
  if (disposition === undefined) return undefined;
  const utf8 = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (utf8 !== undefined) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // Not percent-encoding after all: fall back to the ASCII form.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1];
}

function headerField(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  if (value.length > MAX_HEADER_FIELD || /[\u0000-\u001f\u007f]/.test(value)) {
    throw storageErrors.invalidArgument(`Invalid ${name}: at most ${MAX_HEADER_FIELD} characters, no control characters.`);
  }
  return value;
}

export function validateCustomMetadata(custom: Record<string, string> | undefined): Record<string, string> {
  const entries = Object.entries(custom ?? {});
  for (const [k, v] of entries) {
    if (typeof v !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(k)) {
      throw storageErrors.invalidArgument(`Invalid custom metadata '${k}': keys are [A-Za-z0-9_.-], values are strings.`);
    }
  }
  if (new TextEncoder().encode(JSON.stringify(Object.fromEntries(entries))).length > MAX_CUSTOM_METADATA_BYTES) {
    throw storageErrors.invalidArgument(`Custom metadata is larger than ${MAX_CUSTOM_METADATA_BYTES} bytes.`);
  }
  return Object.fromEntries(entries);
}

/** Checks the request's metadata fields before any byte is stored. */
export function validateUploadRequest(r: UploadRequest): void {
  assertFolder(r.folder);
  headerField('cacheControl', r.cacheControl);
  headerField('contentEncoding', r.contentEncoding);
  headerField('contentLanguage', r.contentLanguage);
  validateCustomMetadata(r.customMetadata);
}

export interface NewStoredFile {
  request: UploadRequest;
  bucket: string;
  path: string;
  size: number;
  md5Hash: string;
  contentType: string;
  now: Date;
  tokens: string[];
}

/** The metadata of a freshly uploaded object (R-STO-5). */
export function newStoredFile(f: NewStoredFile): StoredFile {
  const at = f.now.toISOString();
  return {
    bucket: f.bucket,
    generation: String(f.now.getTime() * 1000),
    metageneration: '1',
    name: nameOf(f.path),
    fullPath: f.path,
    size: f.size,
    timeCreated: at,
    updated: at,
    md5Hash: f.md5Hash,
    cacheControl: headerField('cacheControl', f.request.cacheControl),
    contentDisposition: attachmentDisposition(f.request.fileName),
    contentEncoding: headerField('contentEncoding', f.request.contentEncoding),
    contentLanguage: headerField('contentLanguage', f.request.contentLanguage),
    contentType: f.contentType,
    customMetadata: validateCustomMetadata(f.request.customMetadata),
    downloadTokens: f.tokens,
  };
}

function touched(meta: StoredFile, now: Date, downloadTokens: string[]): StoredFile {
  return { ...meta, downloadTokens, metageneration: String(Number(meta.metageneration) + 1), updated: now.toISOString() };
}

export function withDownloadToken(meta: StoredFile, token: string, now: Date): StoredFile {
  // The oldest token goes first when the list is full, so the newest ones keep working.
  const kept = meta.downloadTokens.slice(-(MAX_DOWNLOAD_TOKENS - 1));
  return touched(meta, now, [...kept, token]);
}

export function withoutDownloadToken(meta: StoredFile, token: string, now: Date): StoredFile {
  return touched(
    meta,
    now,
    meta.downloadTokens.filter((t) => !sameToken(t, token)),
  );
}

/** Compares in time independent of where the strings differ. */
export function sameToken(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

export function hasDownloadToken(meta: StoredFile, token: string): boolean {
  return token !== '' && meta.downloadTokens.reduce((found, t) => sameToken(t, token) || found, false);
}

/** The public URL of a file, built from its first download token (R-STO-5). */
export function buildDownloadUrl(baseUrl: string, meta: StoredFile): string {
  const token = meta.downloadTokens[0];
  if (token === undefined) throw storageErrors.noDownloadUrl();
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(meta.fullPath)}?alt=media&token=${encodeURIComponent(token)}`;
}
