import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { Lease, LeaseState } from '../../domain/schedule/lease.ts';
import type { Clock } from '../../domain/shared/clock.ts';

type LeaseDoc = { holder: string; expiresAt: string; acquiredAt: string };

const COLLECTION = 'leases';

/**
 * Leases as documents ('leases/<name>'), changed only inside store transactions: the transaction
 * re-runs when another writer (this process or another sharing the database) changed the lease
 * between our read and our commit, so two contenders can never both see it free and both win.
 * On SQLite the commit is one BEGIN IMMEDIATE transaction, serialised across processes.
 */
export class DocumentLease implements Lease {
  private readonly store: DocumentStore;
  private readonly clock: Clock;

  constructor(store: DocumentStore, clock: Clock) {
    this.store = store;
    this.clock = clock;
  }

  acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return this.write(name, holder, ttlMs, (doc, now) => doc === null || doc.holder === holder || doc.expiresAt <= now);
  }

  renew(name: string, holder: string, ttlMs: number): Promise<boolean> {
    // An expired lease nobody else took is still ours to renew.
    return this.write(name, holder, ttlMs, (doc) => doc !== null && doc.holder === holder);
  }

  async release(name: string, holder: string): Promise<void> {
    await this.retrying(() =>
      this.store.runTransaction(async (tx) => {
        const doc = await tx.get<LeaseDoc>(COLLECTION, name);
        if (doc && doc.holder === holder) tx.delete(COLLECTION, name);
      }),
    );
  }

  async current(name: string): Promise<LeaseState | null> {
    const doc = await this.store.collection<LeaseDoc>(COLLECTION).get(name);
    if (!doc || doc.expiresAt <= this.clock.now().toISOString()) return null;
    return { name, holder: doc.holder, expiresAt: doc.expiresAt };
  }

  private write(name: string, holder: string, ttlMs: number, mayTake: (doc: LeaseDoc | null, nowIso: string) => boolean): Promise<boolean> {
    return this.retrying(() =>
      this.store.runTransaction(async (tx) => {
        const now = this.clock.now();
        const doc = await tx.get<LeaseDoc>(COLLECTION, name);
        if (!mayTake(doc, now.toISOString())) return false;
        const acquiredAt = doc?.holder === holder ? doc.acquiredAt : now.toISOString();
        tx.set(COLLECTION, name, { holder, acquiredAt, expiresAt: new Date(now.getTime() + ttlMs).toISOString() });
        return true;
      }),
    );
  }

  /** A transaction that kept losing to other writers: try again once the storm has passed. */
  private async retrying<R>(fn: () => Promise<R>): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (!(err instanceof DatabaseError && err.databaseCode === 'aborted') || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.floor(Math.random() * 10)));
      }
    }
  }
}
