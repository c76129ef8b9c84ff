import { MongoNetworkError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { DatabaseError, isDatabaseError } from '../../../src/domain/persistence/database-error.ts';
import type { WriteOp } from '../../../src/domain/persistence/document-store-driver.ts';
import { mayRepeatWrite, transactionFailure, translate } from '../../../src/adapters/mongo/mongo-errors.ts';
import { runTransaction, type TransactionSession } from '../../../src/adapters/mongo/mongo-transaction.ts';

/**
 * Finding 6: retry decisions read the driver's error labels before an error is translated. The
 * errors are built the way the driver builds them from a server reply (`new MongoServerError(reply)`)
 * or a socket failure inside a transaction (a MongoNetworkError the driver labels
 * TransientTransactionError).
 */
const serverError = (code: number, codeName: string, errorLabels: string[] = []) => new MongoServerError({ errmsg: `${codeName} from the server`, code, codeName, errorLabels });
const networkError = (label?: string) => {
  const e = new MongoNetworkError('connection 4 to 10.0.0.12:27017 closed');
  if (label) e.addErrorLabel(label);
  return e;
};

/** A ClientSession's transaction state machine; commitTransaction fails as scripted. */
class FakeSession implements TransactionSession {
  state: 'none' | 'in' | 'committed' | 'aborted' = 'none';
  readonly log: string[] = [];
  private readonly commitFailures: Error[];
  constructor(commitFailures: Error[] = []) {
    this.commitFailures = commitFailures;
  }
  startTransaction(): void {
    this.state = 'in';
    this.log.push('start');
  }
  async commitTransaction(): Promise<void> {
    this.log.push('commit');
    const failure = this.commitFailures.shift();
    if (failure) throw failure;
    this.state = 'committed';
  }
  async abortTransaction(): Promise<void> {
    this.log.push('abort');
    this.state = 'aborted';
  }
  inTransaction(): boolean {
    return this.state === 'in';
  }
}

const instant = { budgetMs: 30_000, sleep: async () => {} };

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (e: unknown) => e,
  );
}

describe('MongoDB transactions: retries by error label', () => {
  it('a network error on a write inside the transaction re-runs the attempt instead of answering 503', async () => {
    const session = new FakeSession();
    let runs = 0;
    await runTransaction(session, async () => {
      runs += 1;
      if (runs === 1) throw networkError('TransientTransactionError');
    }, instant);
    expect(runs).toBe(2);
    expect(session.log).toEqual(['start', 'abort', 'start', 'commit']);
  });

  it('a primary stepping down mid-commit (UnknownTransactionCommitResult) re-sends the commit, not the writes', async () => {
    const session = new FakeSession([serverError(189, 'PrimarySteppedDown', ['UnknownTransactionCommitResult']), networkError('UnknownTransactionCommitResult')]);
    let runs = 0;
    await runTransaction(session, async () => void (runs += 1), instant);
    expect(runs).toBe(1);
    expect(session.log).toEqual(['start', 'commit', 'commit', 'commit']);
    expect(session.state).toBe('committed');
  });

  it('a commit answered NoSuchTransaction after a failover (TransientTransactionError) runs the whole attempt again', async () => {
    const session = new FakeSession([serverError(251, 'NoSuchTransaction', ['TransientTransactionError'])]);
    let runs = 0;
    await runTransaction(session, async () => void (runs += 1), instant);
    expect(runs).toBe(2);
  });

  it('a conflict the store must resolve (a read document changed) is not re-run here', async () => {
    const session = new FakeSession();
    let runs = 0;
    const err = await failureOf(runTransaction(session, async () => {
      runs += 1;
      throw new DatabaseError('aborted', 'invoices/7 changed during the transaction.');
    }, instant));
    expect(runs).toBe(1);
    expect(isDatabaseError(err, 'aborted')).toBe(true);
    expect(session.log).toEqual(['start', 'abort']);
  });

  it('past the time budget: the primary still gone is unavailable, a write conflict is aborted (the store re-reads)', async () => {
    let t = 0;
    const clock = { budgetMs: 1_000, now: () => t, sleep: async (ms: number) => void (t += ms) };
    const gone = await failureOf(runTransaction(new FakeSession(), async () => {
      throw networkError('TransientTransactionError');
    }, clock));
    expect(isDatabaseError(gone, 'unavailable'), String(gone)).toBe(true);
    t = 0;
    const conflict = await failureOf(runTransaction(new FakeSession(), async () => {
      throw serverError(112, 'WriteConflict', ['TransientTransactionError']);
    }, clock));
    expect(isDatabaseError(conflict, 'aborted'), String(conflict)).toBe(true);
  });

  it('an error without a retry label fails at once, translated', async () => {
    let runs = 0;
    const err = await failureOf(runTransaction(new FakeSession(), async () => {
      runs += 1;
      throw Object.assign(serverError(11000, 'DuplicateKey'), { keyPattern: { 'd.number': 1 } });
    }, instant));
    expect(runs).toBe(1);
    expect(isDatabaseError(err, 'already-exists')).toBe(true);
  });
});

describe('MongoDB error classification', () => {
  it.each([
    [networkError('TransientTransactionError'), 'rerun-transaction'],
    [serverError(112, 'WriteConflict', ['TransientTransactionError']), 'rerun-transaction'],
    [serverError(189, 'PrimarySteppedDown', ['UnknownTransactionCommitResult', 'RetryableWriteError']), 'retry-commit'],
    [serverError(11000, 'DuplicateKey'), 'give-up'],
    [new Error('plain'), 'give-up'],
  ] as const)('%s → %s', (e, kind) => {
    expect(transactionFailure(e)).toBe(kind);
  });

  const op = (kind: WriteOp['kind']): WriteOp =>
    kind === 'increment' ? { kind, collection: 'analytics', id: 'd', increments: [{ path: ['n'], by: 1 }], fields: [], upsert: true } : kind === 'update' ? { kind, collection: 'jobs', id: 'j', fields: [] } : kind === 'delete' ? { kind, collection: 'jobs', id: 'j' } : { kind, collection: 'jobs', id: 'j', data: {} };

  it('a single write labelled RetryableWriteError is sent again only when repeating it cannot double it', () => {
    const retryable = serverError(10107, 'NotWritablePrimary', ['RetryableWriteError']);
    expect(mayRepeatWrite(retryable, op('set'))).toBe(true);
    expect(mayRepeatWrite(retryable, op('update'))).toBe(true);
    expect(mayRepeatWrite(retryable, op('delete'))).toBe(true);
    expect(mayRepeatWrite(retryable, op('increment'))).toBe(false);
    expect(mayRepeatWrite(retryable, op('create'))).toBe(false);
    const notWritten = serverError(10107, 'NotWritablePrimary', ['RetryableWriteError', 'NoWritesPerformed']);
    expect(mayRepeatWrite(notWritten, op('increment'))).toBe(true);
    expect(mayRepeatWrite(serverError(11000, 'DuplicateKey'), op('set'))).toBe(false);
  });

  it('no primary, a network failure and an expired backup snapshot are unavailable (503) with a reason', () => {
    const notPrimary = translate(serverError(10107, 'NotWritablePrimary'));
    expect(isDatabaseError(notPrimary, 'unavailable')).toBe(true);
    expect(isDatabaseError(translate(networkError()), 'unavailable')).toBe(true);
    const tooOld = translate(serverError(239, 'SnapshotTooOld'));
    expect(isDatabaseError(tooOld, 'unavailable')).toBe(true);
    expect((tooOld as Error).message).toContain('minSnapshotHistoryWindowInSeconds');
  });
});
