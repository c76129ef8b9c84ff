import { DomainError, type DomainErrorCode } from '../shared/domain-error.ts';

/**
 * R-ERR-4: the database error codes. The spec names invalid-argument, failed-precondition,
 * not-found and unimplemented; already-exists (create over an existing id), aborted (a
 * transaction that kept conflicting) and unavailable (the server cannot be reached) complete
 * the set the same way Firestore does. Each maps onto a DomainErrorCode so the one HTTP table
 * (src/http/error-map.ts) still decides the status.
 */
export type DatabaseErrorCode =
  | 'invalid-argument'
  | 'failed-precondition'
  | 'not-found'
  | 'unimplemented'
  | 'already-exists'
  | 'aborted'
  | 'unavailable';

export const DOMAIN_CODE_BY_DATABASE_CODE = {
  'invalid-argument': 'validation',
  'failed-precondition': 'unavailable',
  'not-found': 'not-found',
  unimplemented: 'unavailable',
  'already-exists': 'conflict',
  aborted: 'conflict',
  unavailable: 'unavailable',
} as const satisfies Record<DatabaseErrorCode, DomainErrorCode>;

/** R-ERR-4: the message every call gets after `close()`. */
export const TERMINATED_MESSAGE = 'The client has already been terminated.';

export class DatabaseError extends DomainError {
  readonly databaseCode: DatabaseErrorCode;

  constructor(code: DatabaseErrorCode, message: string) {
    super(DOMAIN_CODE_BY_DATABASE_CODE[code], message);
    this.name = 'DatabaseError';
    this.databaseCode = code;
  }
}

export const isDatabaseError = (e: unknown, code?: DatabaseErrorCode): e is DatabaseError =>
  e instanceof DatabaseError && (code === undefined || e.databaseCode === code);

export const invalidArgument = (message: string): DatabaseError => new DatabaseError('invalid-argument', message);
