import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { ReadCheck, WriteOp } from '../../domain/persistence/document-store-driver.ts';
import { transactionFailure, translate } from './mongo-errors.ts';

/**
 * How a store transaction's commit runs on MongoDB, as logic that needs no server.
 *
 * `planCommit` turns the reads into the checks the commit makes:
 * - a document read twice is checked once (the old code bumped its version per read, so the
 *   second check never matched and every attempt aborted); read at two versions, it changed;
 * - a document read as absent is guarded by inserting a placeholder and deleting it in the same
 *   transaction: MongoDB has no predicate locks, so without a write on that key two transactions
 *   that each saw "absent" and created different documents would both commit (write skew); the
 *   placeholder collides with any concurrent insert of the id (WriteConflict or duplicate key);
 * - a transaction without writes writes nothing: its reads are re-read in one snapshot and
 *   compared, no version bump.
 *
 * `runTransaction` is the driver's withTransaction algorithm with a time budget: a failure
 * labelled TransientTransactionError (write conflict, step-down, network) re-runs the whole
 * attempt, one labelled UnknownTransactionCommitResult re-sends commitTransaction, and the labels
 * are read before any error is translated.
 */
export interface CommitPlan {
  checks: ReadCheck[];
  /** No writes: the commit only compares versions in one snapshot. */
  readOnly: boolean;
}

export function planCommit(reads: ReadCheck[], writes: WriteOp[]): CommitPlan {
  const seen = new Map<string, ReadCheck>();
  for (const r of reads) {
    const key = `${r.collection}/${r.id}`;
    const first = seen.get(key);
    if (!first) seen.set(key, r);
    else if (first.version !== r.version) throw new DatabaseError('aborted', `${key} changed during the transaction (read at two versions).`);
  }
  return { checks: [...seen.values()], readOnly: writes.length === 0 };
}

/**
 * The writes that hold a check in place until commit, in order. A present document: bump its
 * version where it still has the version read (no match: changed). An absent one: insert a
 * placeholder under its id and delete it again, so a concurrent insert of that id collides.
 */
export type GuardStep =
  | { kind: 'bump'; collection: string; filter: { _id: string; _v: number } }
  | { kind: 'insert-placeholder'; collection: string; doc: { _id: string; _v: 0; createdAt: string; updatedAt: string; d: Record<string, never> } }
  | { kind: 'delete-placeholder'; collection: string; filter: { _id: string } };

export function guardSteps(check: ReadCheck, now: string): GuardStep[] {
  const { collection, id } = check;
  if (check.version !== null) return [{ kind: 'bump', collection, filter: { _id: id, _v: check.version } }];
  return [
    { kind: 'insert-placeholder', collection, doc: { _id: id, _v: 0, createdAt: now, updatedAt: now, d: {} } },
    { kind: 'delete-placeholder', collection, filter: { _id: id } },
  ];
}

/** The part of the driver's ClientSession a transaction uses. */
export interface TransactionSession {
  startTransaction(options?: object): void;
  commitTransaction(): Promise<unknown>;
  abortTransaction(): Promise<unknown>;
  inTransaction(): boolean;
}

export interface RunTransactionOptions {
  /** Total time for re-runs and commit retries (the driver's withTransaction uses 120 s). */
  budgetMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const backoff = (attempt: number): number => Math.min(1_000, 25 * 2 ** attempt);

export async function runTransaction(session: TransactionSession, body: () => Promise<void>, options: RunTransactionOptions, txOptions: object = {}): Promise<void> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + options.budgetMs;
  for (let attempt = 0; ; attempt++) {
    session.startTransaction(txOptions);
    try {
      await body();
    } catch (e) {
      if (session.inTransaction()) await session.abortTransaction().catch(() => {});
      if (transactionFailure(e) === 'rerun-transaction' && now() < deadline) {
        await sleep(backoff(attempt));
        continue;
      }
      throw giveUp(e);
    }
    for (let retry = 0; ; retry++) {
      try {
        await session.commitTransaction();
        return;
      } catch (e) {
        const kind = transactionFailure(e);
        if (kind === 'retry-commit' && now() < deadline) {
          await sleep(backoff(retry));
          continue;
        }
        if (kind === 'rerun-transaction' && now() < deadline) break;
        throw giveUp(e);
      }
    }
    await sleep(backoff(attempt));
  }
}

/**
 * Past the budget: a write conflict is 'aborted' (the store re-runs the function, which reads
 * again); the primary or network still gone is 'unavailable'; anything else as translated.
 */
function giveUp(e: unknown): unknown {
  const translated = translate(e);
  if (translated instanceof DatabaseError) return translated;
  if (transactionFailure(e) !== 'give-up') return new DatabaseError('aborted', `Transaction conflict: ${(e as Error).message}`);
  return translated;
}
