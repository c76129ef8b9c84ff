import { describe, expect, it } from 'vitest';
import {
  STORAGE_ERROR_CODES,
  StorageError,
  storageErrorFromHttpStatus,
  storageErrors,
  toDomainErrorCode,
} from '../../../src/domain/storage/storage-error.ts';

describe('storage error catalogue', () => {
  it('[R-ERR-2] has every storage/ code of SPEC §8', () => {
    const spec =
      'unknown; object-not-found; bucket-not-found; project-not-found; quota-exceeded; unauthenticated; unauthorized; unauthorized-app; retry-limit-exceeded; invalid-checksum; canceled; invalid-url; invalid-default-bucket; no-default-bucket; cannot-slice-blob; no-download-url; invalid-argument; app-deleted; invalid-root-operation; invalid-format; internal-error; unsupported-environment';
    expect([...STORAGE_ERROR_CODES].sort()).toEqual(spec.split('; ').map((c) => `storage/${c}`).sort());
  });

  it('[R-ERR-2] every constructor makes a StorageError with a storage/ code', () => {
    const made = Object.values(storageErrors).map((make) => (make as (...a: string[]) => StorageError)('x', 'y', 'z'));
    expect(made.every((e) => e instanceof StorageError && e.code.startsWith('storage/'))).toBe(true);
    expect(new Set(made.map((e) => e.code))).toEqual(new Set(STORAGE_ERROR_CODES));
  });

  it.each([
    [storageErrors.objectNotFound('plans/abc'), 'storage/object-not-found', "Object 'plans/abc' does not exist."],
    [storageErrors.unauthenticated(), 'storage/unauthenticated', /^User is not authenticated, please authenticate .+ and try again\.$/],
    [storageErrors.unauthorized('plans/abc'), 'storage/unauthorized', "User does not have permission to access 'plans/abc'."],
    [storageErrors.retryLimitExceeded(), 'storage/retry-limit-exceeded', 'Max retry time for operation exceeded, please try again.'],
    [storageErrors.canceled(), 'storage/canceled', 'User canceled the upload/download.'],
    [storageErrors.invalidArgument('Bad size.'), 'storage/invalid-argument', 'Bad size.'],
  ] as const)('[R-ERR-2] %s carries the catalogue message', (error, code, message) => {
    expect(error.code).toBe(code);
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });

  it.each([
    [401, false, 'storage/unauthenticated'],
    [401, true, 'storage/unauthorized-app'],
    [402, false, 'storage/quota-exceeded'],
    [403, false, 'storage/unauthorized'],
    [404, false, 'storage/object-not-found'],
    [500, false, 'storage/unknown'],
    [400, false, 'storage/unknown'],
  ] as const)('[R-ERR-3] HTTP %i (app-check invalid: %s) → %s', (status, appCheckTokenInvalid, code) => {
    const e = storageErrorFromHttpStatus(status, { path: 'photos/p1', bucket: 'b1', appCheckTokenInvalid });
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
  });

  it('[R-ERR-3] the mapped errors name the object and bucket', () => {
    expect(storageErrorFromHttpStatus(404, { path: 'photos/p1', bucket: 'b1' }).message).toBe("Object 'photos/p1' does not exist.");
    expect(storageErrorFromHttpStatus(403, { path: 'photos/p1', bucket: 'b1' }).message).toContain("'photos/p1'");
    expect(storageErrorFromHttpStatus(402, { path: 'photos/p1', bucket: 'b1' }).message).toContain("'b1'");
  });

  it('maps storage codes onto the HTTP layer’s domain codes', () => {
    expect(toDomainErrorCode('storage/object-not-found')).toBe('not-found');
    expect(toDomainErrorCode('storage/unauthenticated')).toBe('unauthenticated');
    expect(toDomainErrorCode('storage/unauthorized')).toBe('forbidden');
    expect(toDomainErrorCode('storage/invalid-argument')).toBe('validation');
    expect(toDomainErrorCode('storage/retry-limit-exceeded')).toBe('unavailable');
  });
});
