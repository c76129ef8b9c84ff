/**
 * The storage error catalogue (SPEC §8, R-ERR-2) and the HTTP status → code mapping (R-ERR-3).
 * Every code carries the `storage/` prefix; messages follow the catalogue's templates word for
 * word, with the object, bucket or project filled in. `toDomainErrorCode` lets the HTTP layer
 * reuse its one status table for storage failures.
 */
import type { DomainErrorCode } from '../shared/domain-error.ts';

export const STORAGE_ERROR_CODES = [
  'storage/unknown',
  'storage/object-not-found',
  'storage/bucket-not-found',
  'storage/project-not-found',
  'storage/quota-exceeded',
  'storage/unauthenticated',
  'storage/unauthorized',
  'storage/unauthorized-app',
  'storage/retry-limit-exceeded',
  'storage/invalid-checksum',
  'storage/canceled',
  'storage/invalid-url',
  'storage/invalid-default-bucket',
  'storage/no-default-bucket',
  'storage/cannot-slice-blob',
  'storage/no-download-url',
  'storage/invalid-argument',
  'storage/app-deleted',
  'storage/invalid-root-operation',
  'storage/invalid-format',
  'storage/internal-error',
  'storage/unsupported-environment',
] as const;

export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  /** HTTP status of the server response that caused it, when there was one. */
  readonly status: number | undefined;

  constructor(code: StorageErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StorageError';
    this.code = code;
    this.status = options.status;
  }
}

export const isStorageError = (e: unknown): e is StorageError => e instanceof StorageError;

export function isStorageErrorWithCode<C extends StorageErrorCode>(e: unknown, code: C): e is StorageError & { code: C } {
  return isStorageError(e) && e.code === code;
}

/** One constructor per catalogue entry, each with its message template (R-ERR-2). */
export const storageErrors = {
  unknown: (status?: number) =>
    new StorageError('storage/unknown', 'An unknown error occurred, please check the error payload for server response.', { status }),
  objectNotFound: (path: string) => new StorageError('storage/object-not-found', `Object '${path}' does not exist.`, { status: 404 }),
  bucketNotFound: (bucket: string) => new StorageError('storage/bucket-not-found', `Bucket '${bucket}' does not exist.`),
  projectNotFound: (project: string) => new StorageError('storage/project-not-found', `Project '${project}' does not exist.`),
  quotaExceeded: (bucket: string) =>
    new StorageError('storage/quota-exceeded', `Quota for bucket '${bucket}' exceeded, please view quota for your plan.`, { status: 402 }),
  unauthenticated: () =>
    new StorageError('storage/unauthenticated', 'User is not authenticated, please authenticate using the sign-in page and try again.', {
      status: 401,
    }),
  unauthorizedApp: () =>
    new StorageError('storage/unauthorized-app', 'This app does not have permission to access file storage on this project.', {
      status: 401,
    }),
  unauthorized: (path: string) =>
    new StorageError('storage/unauthorized', `User does not have permission to access '${path}'.`, { status: 403 }),
  retryLimitExceeded: (cause?: unknown) =>
    new StorageError('storage/retry-limit-exceeded', 'Max retry time for operation exceeded, please try again.', { cause }),
  invalidChecksum: (path: string, checksum: string, calculated: string) =>
    new StorageError(
      'storage/invalid-checksum',
      `Uploaded/downloaded object '${path}' has checksum '${checksum}' which does not match '${calculated}'. Please retry the upload/download.`,
    ),
  canceled: () => new StorageError('storage/canceled', 'User canceled the upload/download.'),
  invalidUrl: (url: string) => new StorageError('storage/invalid-url', `Invalid URL '${url}'.`),
  invalidDefaultBucket: (bucket: string) => new StorageError('storage/invalid-default-bucket', `Invalid default bucket '${bucket}'.`),
  noDefaultBucket: () =>
    new StorageError('storage/no-default-bucket', 'No default bucket found. Did you set the bucket in STORAGE_URL (s3://bucket?...)?'),
  cannotSliceBlob: () => new StorageError('storage/cannot-slice-blob', 'Cannot slice blob for upload. Please retry the upload.'),
  noDownloadUrl: () => new StorageError('storage/no-download-url', 'The given file does not have any download URLs.'),
  invalidArgument: (message: string) => new StorageError('storage/invalid-argument', message),
  appDeleted: () => new StorageError('storage/app-deleted', 'The app was deleted.'),
  invalidRootOperation: (name: string) =>
    new StorageError(
      'storage/invalid-root-operation',
      `The operation '${name}' cannot be performed on a root reference, create a non-root reference using child, such as .child('file.png').`,
    ),
  invalidFormat: (format: string, message: string) =>
    new StorageError('storage/invalid-format', `String does not match format '${format}': ${message}`),
  internalError: (message: string) => new StorageError('storage/internal-error', `Internal error: ${message}`),
  unsupportedEnvironment: (message: string) => new StorageError('storage/unsupported-environment', message),
} as const satisfies Record<string, (...args: never[]) => StorageError>;

export interface HttpFailureContext {
  path: string;
  bucket: string;
  /** The server said the app-check token was invalid (R-ERR-3). */
  appCheckTokenInvalid?: boolean;
}

/**
 * R-ERR-3: 401 → unauthenticated (unauthorized-app when the app-check token is invalid),
 * 402 → quota-exceeded, 403 → unauthorized, 404 → object-not-found; any other failure → unknown.
 */
export function storageErrorFromHttpStatus(status: number, ctx: HttpFailureContext): StorageError {
  switch (status) {
    case 401:
      return ctx.appCheckTokenInvalid ? storageErrors.unauthorizedApp() : storageErrors.unauthenticated();
    case 402:
      return storageErrors.quotaExceeded(ctx.bucket);
    case 403:
      return storageErrors.unauthorized(ctx.path);
    case 404:
      return storageErrors.objectNotFound(ctx.path);
    default:
      return storageErrors.unknown(status);
  }
}

/** The generic domain code a storage failure corresponds to, for the HTTP status table. */
export function toDomainErrorCode(code: StorageErrorCode): DomainErrorCode {
  switch (code) {
    case 'storage/object-not-found':
    case 'storage/bucket-not-found':
    case 'storage/project-not-found':
    case 'storage/no-download-url':
      return 'not-found';
    case 'storage/unauthenticated':
      return 'unauthenticated';
    case 'storage/unauthorized':
    case 'storage/unauthorized-app':
      return 'forbidden';
    case 'storage/invalid-argument':
    case 'storage/invalid-format':
    case 'storage/invalid-url':
    case 'storage/invalid-checksum':
    case 'storage/invalid-root-operation':
      return 'validation';
    case 'storage/quota-exceeded':
      return 'rate-limited';
    default:
      return 'unavailable';
  }
}
