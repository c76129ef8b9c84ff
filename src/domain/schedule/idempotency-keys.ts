/**
 * Idempotency keys for side effects that must not repeat (sending an invoice, a reminder).
 *
 * A key is claimed (atomically, first writer wins) BEFORE the side effect and completed AFTER it.
 * If the process dies between the two, the record stays `claimed`: nobody can tell whether the
 * side effect happened, so nobody repeats it automatically. That is the at-most-once choice, right
 * for money and messages: a missed invoice is visible and fixable, a doubled one costs trust.
 * A claim older than the stuck threshold is shown as `stuck` for an admin, who checks and retries
 * (`reset`), which deletes the record so the next run claims it afresh. A side effect that throws
 * is recorded as `failed` (with the message) and is likewise left for an admin to retry.
 */
export const KEY_STATUSES = ['claimed', 'done', 'failed'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export type KeyResult = Record<string, string | number | boolean | null>;

export interface IdempotencyRecord {
  key: string;
  /** Groups keys for listing, e.g. `contract:<id>`; reminders may use `invoice:<id>`. */
  scope: string;
  status: KeyStatus;
  claimedAt: string;
  claimedBy: string;
  completedAt: string | null;
  result: KeyResult | null;
  error: string | null;
}

export interface IdempotencyKeys {
  /** Creates the record as `claimed`; false when the key exists already (in any state). */
  claim(key: string, scope: string, holder: string): Promise<boolean>;
  complete(key: string, result: KeyResult): Promise<void>;
  fail(key: string, error: string): Promise<void>;
  get(key: string): Promise<IdempotencyRecord | null>;
  listByScope(scope: string, limit: number): Promise<IdempotencyRecord[]>;
  /** Claimed before `claimedBefore` and never completed, plus failed ones: for an admin to look at. */
  listNeedingAttention(claimedBefore: string, limit: number): Promise<IdempotencyRecord[]>;
  /** Deletes the record so the key can be claimed again (the admin's retry). */
  reset(key: string): Promise<void>;
}

/** How a record looks to an admin: a claim left open past the threshold is `stuck`. */
export type KeyView = 'done' | 'in-progress' | 'stuck' | 'failed';

export function keyView(record: IdempotencyRecord, now: Date, stuckAfterMs: number): KeyView {
  if (record.status === 'done') return 'done';
  if (record.status === 'failed') return 'failed';
  return now.getTime() - Date.parse(record.claimedAt) >= stuckAfterMs ? 'stuck' : 'in-progress';
}
