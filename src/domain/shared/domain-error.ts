/**
 * Errors the domain raises carry a literal `code`; the HTTP layer maps codes to statuses in
 * one table (src/http/error-map.ts). Messages are safe to show to the person who caused them.
 */
export type DomainErrorCode =
  | 'validation'
  | 'not-found'
  | 'conflict'
  | 'unauthenticated'
  | 'forbidden'
  | 'rate-limited'
  | 'unavailable'
  | 'payload-too-large'
  | 'unsupported-media-type'
  /** A link that worked once and was revoked (public document links). */
  | 'gone';

export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly fields: FieldErrors | undefined;

  constructor(code: DomainErrorCode, message: string, fields?: FieldErrors) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
