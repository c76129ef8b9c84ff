import type { DomainErrorCode } from '../domain/shared/domain-error.ts';

/** The one table from domain error codes to HTTP statuses (STYLE.md rule 4). */
export const STATUS_BY_CODE = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  unavailable: 503,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  gone: 410,
} as const satisfies Record<DomainErrorCode, number>;
