import { DatabaseError } from '../../domain/persistence/database-error.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { where } from '../../domain/persistence/query.ts';
import {
  AUTO_PAY_STUCK_AFTER_MS,
  autoPayAttemptId,
  type AutoPayAttempt,
  type AutoPayAttemptStore,
  type AutoPayOutcome,
} from '../../domain/payments/auto-pay-attempt.ts';

/** One document per attempt, id `<invoice id>:<n>` (docs/payments.md "Retries"); the same mapping for SQLite and MongoDB. */
export const AUTO_PAY_ATTEMPTS = 'auto_pay_attempts';

/** The attempt as stored (a mapped copy of the interface, which the store's JSON type accepts). */
type Doc = { [K in keyof AutoPayAttempt]: AutoPayAttempt[K] };

const fromDoc = (d: StoredDocument<Doc>): AutoPayAttempt => ({
  invoiceId: d.invoiceId,
  clientId: d.clientId,
  attempt: d.attempt,
  status: d.status,
  at: d.at,
  holder: d.holder,
  reference: d.reference ?? null,
  reason: d.reason ?? null,
  nextAttemptAt: d.nextAttemptAt ?? null,
  closedReason: d.closedReason ?? null,
});

const fresh = (invoiceId: string, clientId: string, attempt: number, now: Date, holder: string): AutoPayAttempt => ({
  invoiceId,
  clientId,
  attempt,
  status: 'charging',
  at: now.toISOString(),
  holder,
  reference: null,
  reason: null,
  nextAttemptAt: null,
  closedReason: null,
});

export class DocumentAutoPayAttempts implements AutoPayAttemptStore {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get attempts() {
    return this.store.collection<Doc>(AUTO_PAY_ATTEMPTS);
  }

  async claimFirst(invoiceId: string, clientId: string, now: Date, holder: string): Promise<AutoPayAttempt | null> {
    const first = fresh(invoiceId, clientId, 1, now, holder);
    try {
      await this.attempts.create({ ...first }, autoPayAttemptId(invoiceId, 1));
      return first;
    } catch (err) {
      if (err instanceof DatabaseError && err.databaseCode === 'already-exists') return null;
      throw err;
    }
  }

  claimNext(previous: AutoPayAttempt, now: Date, holder: string): Promise<AutoPayAttempt | null> {
    const at = now.toISOString();
    const stuckBefore = new Date(now.getTime() - AUTO_PAY_STUCK_AFTER_MS).toISOString();
    const prevId = autoPayAttemptId(previous.invoiceId, previous.attempt);
    return this.store.runTransaction(async (tx) => {
      const d = await tx.get<Doc>(AUTO_PAY_ATTEMPTS, prevId);
      if (!d) return null;
      if (d.status === 'charging') {
        if (d.at >= stuckBefore) return null;
        tx.update(AUTO_PAY_ATTEMPTS, prevId, { at, holder });
        return { ...fromDoc(d), at, holder };
      }
      if (d.status !== 'failed' || d.nextAttemptAt === null || d.nextAttemptAt > at) return null;
      const nextId = autoPayAttemptId(previous.invoiceId, previous.attempt + 1);
      if (await tx.get(AUTO_PAY_ATTEMPTS, nextId)) return null;
      const next = fresh(previous.invoiceId, previous.clientId, previous.attempt + 1, now, holder);
      tx.update(AUTO_PAY_ATTEMPTS, prevId, { nextAttemptAt: null });
      tx.create(AUTO_PAY_ATTEMPTS, nextId, { ...next });
      return next;
    });
  }

  async listDue(now: Date, limit: number): Promise<AutoPayAttempt[]> {
    const at = now.toISOString();
    const stuckBefore = new Date(now.getTime() - AUTO_PAY_STUCK_AFTER_MS).toISOString();
    const [due, stuck] = await Promise.all([
      this.attempts.query({ where: [where('status', '==', 'failed'), where('nextAttemptAt', '<=', at)], orderBy: [{ field: 'nextAttemptAt' }], limit }),
      this.attempts.query({ where: [where('status', '==', 'charging'), where('at', '<', stuckBefore)], orderBy: [{ field: 'at' }], limit }),
    ]);
    return [...due.docs, ...stuck.docs].map(fromDoc);
  }

  async finish(invoiceId: string, attempt: number, outcome: AutoPayOutcome, nextAttemptAt: string | null): Promise<AutoPayAttempt> {
    const d = await this.attempts.update(autoPayAttemptId(invoiceId, attempt), {
      status: outcome.status,
      reference: outcome.status === 'skipped' ? null : outcome.reference,
      reason: outcome.status === 'succeeded' ? null : outcome.reason,
      nextAttemptAt: outcome.status === 'failed' ? nextAttemptAt : null,
    });
    return fromDoc(d);
  }

  async close(invoiceId: string, attempt: number, reason: string): Promise<void> {
    await this.attempts.update(autoPayAttemptId(invoiceId, attempt), { nextAttemptAt: null, closedReason: reason });
  }

  async listForClient(clientId: string, limit: number): Promise<AutoPayAttempt[]> {
    const page = await this.attempts.query({ where: [where('clientId', '==', clientId)], orderBy: [{ field: 'at', direction: 'desc' }], limit });
    return page.docs.map(fromDoc);
  }

  async listFor(invoiceId: string): Promise<AutoPayAttempt[]> {
    const page = await this.attempts.query({ where: [where('invoiceId', '==', invoiceId)], orderBy: [{ field: 'attempt' }], limit: 20 });
    return page.docs.map(fromDoc);
  }
}
