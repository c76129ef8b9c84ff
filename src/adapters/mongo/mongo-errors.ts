import { MongoError, MongoErrorLabel, MongoServerError } from 'mongodb';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { WriteOp } from '../../domain/persistence/document-store-driver.ts';

/**
 * Driver errors → the port's R-ERR-4 codes, and which failures are worth another try. Retry
 * decisions read the driver's error labels first (the driver and server attach them: a
 * step-down, a network blip, a write conflict), and only then is an error translated, because a
 * translated error has lost its labels.
 */
export const hasLabel = (e: unknown, label: string): boolean => e instanceof MongoError && e.hasErrorLabel(label);

/** Server codes of "this member is not (or no longer) the primary" (the driver's NotWritablePrimary family). */
const NOT_PRIMARY = new Set([91, 189, 10107, 11600, 11602, 13435, 13436]);
const SNAPSHOT_TOO_OLD = 239;

/** What a commit attempt's failure calls for (the driver's withTransaction algorithm). */
export type TransactionFailure = 'rerun-transaction' | 'retry-commit' | 'give-up';

export function transactionFailure(e: unknown): TransactionFailure {
  if (hasLabel(e, MongoErrorLabel.UnknownTransactionCommitResult)) return 'retry-commit';
  if (hasLabel(e, MongoErrorLabel.TransientTransactionError)) return 'rerun-transaction';
  return 'give-up';
}

/**
 * A single write outside a transaction that failed with RetryableWriteError (after the driver's
 * own retry) may be sent again when repeating it changes nothing (set, update, delete write the
 * same result twice) or when the driver says nothing was written (NoWritesPerformed). A create
 * or an increment that may have been applied is not repeated: it would fail or count twice.
 */
export function mayRepeatWrite(e: unknown, op: WriteOp): boolean {
  if (!hasLabel(e, MongoErrorLabel.RetryableWriteError)) return false;
  return op.kind === 'set' || op.kind === 'update' || op.kind === 'delete' || hasLabel(e, MongoErrorLabel.NoWritesPerformed);
}

/** Driver errors the port names get their R-ERR-4 codes; anything else passes through. */
export function translate(e: unknown, op?: WriteOp): unknown {
  if (e instanceof DatabaseError) return e;
  if (e instanceof MongoServerError) {
    if (e.code === 11000) {
      const onId = Object.keys((e.keyPattern ?? {}) as object).includes('_id');
      return new DatabaseError('already-exists', onId && op ? `Document already exists: ${op.collection}/${op.id}` : 'Another document has the same unique field value.');
    }
    if (e.code === 14) return new DatabaseError('invalid-argument', `Cannot increment a field that does not hold a number: ${e.message}`);
    // IllegalOperation (transactions) and 40573 (change streams) on a standalone server.
    if (e.code === 20 || e.code === 40573) return new DatabaseError('unimplemented', `This MongoDB deployment does not support the operation (needs a replica set): ${e.message}`);
    if (e.code === SNAPSHOT_TOO_OLD)
      return new DatabaseError('unavailable', `The read took longer than MongoDB keeps snapshot history (minSnapshotHistoryWindowInSeconds, 300 s by default); raise it for long backups (docs/operations.md): ${e.message}`);
    if (typeof e.code === 'number' && NOT_PRIMARY.has(e.code)) return new DatabaseError('unavailable', `MongoDB has no writable primary right now (${e.codeName ?? e.code}): ${e.message}`);
  }
  if (e instanceof MongoError && /ServerSelection|Network|Topology/.test(e.name)) return new DatabaseError('unavailable', `MongoDB is unreachable: ${e.message}`);
  return e;
}
