import type { IdempotencyKeys, IdempotencyRecord, KeyResult } from '../../domain/schedule/idempotency-keys.ts';

export type RunOnceOutcome<R extends KeyResult> =
  | { status: 'ran'; result: R }
  /** Someone claimed the key before (done, in progress, stuck or failed): nothing was run. */
  | { status: 'skipped'; record: IdempotencyRecord | null }
  | { status: 'failed'; error: string };

export interface RunOnceKey {
  key: string;
  scope: string;
  /** Who claims it (the runner's id), kept on the record for an admin looking at a stuck key. */
  holder: string;
}

/**
 * Runs `fn` at most once per key, ever (see idempotency-keys.ts for why at-most-once): claim,
 * run, complete. A failure is recorded and not retried; a crash after the claim leaves the key
 * claimed, which shows as stuck after a while. Either waits for an admin's retry (`reset`).
 */
export async function runOnce<R extends KeyResult>(keys: IdempotencyKeys, k: RunOnceKey, fn: () => Promise<R>): Promise<RunOnceOutcome<R>> {
  if (!(await keys.claim(k.key, k.scope, k.holder))) return { status: 'skipped', record: await keys.get(k.key) };
  let result: R;
  try {
    result = await fn();
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await keys.fail(k.key, error);
    return { status: 'failed', error };
  }
  await keys.complete(k.key, result);
  return { status: 'ran', result };
}
