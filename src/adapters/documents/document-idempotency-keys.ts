import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import { orderBy, where } from '../../domain/persistence/query.ts';
import type { IdempotencyKeys, IdempotencyRecord, KeyResult, KeyStatus } from '../../domain/schedule/idempotency-keys.ts';
import type { Clock } from '../../domain/shared/clock.ts';

type KeyDoc = Omit<IdempotencyRecord, 'key'>;

const COLLECTION = 'idempotency_keys';

const toRecord = (d: StoredDocument<KeyDoc>): IdempotencyRecord => ({
  key: d.id,
  scope: d.scope,
  status: d.status,
  claimedAt: d.claimedAt,
  claimedBy: d.claimedBy,
  completedAt: d.completedAt,
  result: d.result,
  error: d.error,
});

/**
 * Idempotency records keyed by the key itself (document id), so a claim is a `create`, which the
 * store refuses with already-exists when the key is taken: first writer wins, in every process.
 */
export class DocumentIdempotencyKeys implements IdempotencyKeys {
  private readonly store: DocumentStore;
  private readonly clock: Clock;

  constructor(store: DocumentStore, clock: Clock) {
    this.store = store;
    this.clock = clock;
  }

  private get keys() {
    return this.store.collection<KeyDoc>(COLLECTION);
  }

  async claim(key: string, scope: string, holder: string): Promise<boolean> {
    try {
      await this.keys.create(
        { scope, status: 'claimed', claimedAt: this.clock.now().toISOString(), claimedBy: holder, completedAt: null, result: null, error: null },
        key,
      );
      return true;
    } catch (err) {
      if (err instanceof DatabaseError && err.databaseCode === 'already-exists') return false;
      throw err;
    }
  }

  async complete(key: string, result: KeyResult): Promise<void> {
    await this.keys.update(key, { status: 'done' satisfies KeyStatus, completedAt: this.clock.now().toISOString(), result });
  }

  async fail(key: string, error: string): Promise<void> {
    await this.keys.update(key, { status: 'failed' satisfies KeyStatus, completedAt: this.clock.now().toISOString(), error: error.slice(0, 500) });
  }

  async get(key: string): Promise<IdempotencyRecord | null> {
    const d = await this.keys.get(key);
    return d ? toRecord(d) : null;
  }

  async listByScope(scope: string, limit: number): Promise<IdempotencyRecord[]> {
    const page = await this.keys.query({ where: [where('scope', '==', scope)], orderBy: [orderBy('claimedAt', 'desc')], limit });
    return page.docs.map(toRecord);
  }

  async listNeedingAttention(claimedBefore: string, limit: number): Promise<IdempotencyRecord[]> {
    const [stuck, failed] = await Promise.all([
      this.keys.query({ where: [where('status', '==', 'claimed'), where('claimedAt', '<', claimedBefore)], orderBy: [orderBy('claimedAt')], limit }),
      this.keys.query({ where: [where('status', '==', 'failed')], orderBy: [orderBy('claimedAt')], limit }),
    ]);
    return [...stuck.docs, ...failed.docs].map(toRecord).slice(0, limit);
  }

  async reset(key: string): Promise<void> {
    await this.keys.delete(key);
  }
}
