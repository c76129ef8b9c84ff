import type { DocumentStore, Transaction } from '../../domain/persistence/document-store.ts';
import { KeyedLock } from '../shared/keyed-lock.ts';

/**
 * Store transactions queued per key within this process (KeyedLock): a burst of writes to one
 * record or counter then waits its turn instead of spending its transaction retries colliding.
 * Across processes the store's optimistic transaction alone keeps them right.
 */
export class QueuedTransactions {
  private readonly store: DocumentStore;
  private readonly maxAttempts: number;
  private readonly lock = new KeyedLock();

  constructor(store: DocumentStore, maxAttempts: number) {
    this.store = store;
    this.maxAttempts = maxAttempts;
  }

  run<R>(key: string, fn: (tx: Transaction) => Promise<R>): Promise<R> {
    return this.lock.run(key, () => this.store.runTransaction(fn, { maxAttempts: this.maxAttempts }));
  }

  /** Other work queued on a key (e.g. a second key held around `run`). */
  queue<R>(key: string, work: () => Promise<R>): Promise<R> {
    return this.lock.run(key, work);
  }
}
