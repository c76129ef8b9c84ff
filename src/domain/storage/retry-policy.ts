/**
 * Storage retry policy (R-STO-2..4, SPEC §9). A failed attempt is retried when the server
 * answered 5xx, 408 or 429, or the network failed; the wait before retry n is
 * min(1 s · 2^(n-1), 64 s) plus up to 1 s of random jitter. Retrying stops at the deadline
 * (120 000 ms per operation, 600 000 ms per upload): a retry that could not start before the
 * deadline is not attempted and the caller gets storage/retry-limit-exceeded.
 *
 * Clock, sleep and randomness come in from outside, so tests drive it with a fake clock.
 */
import type { Clock } from '../shared/clock.ts';
import { storageErrors } from './storage-error.ts';

export const MAX_OPERATION_RETRY_TIME_MS = 120_000;
export const MAX_UPLOAD_RETRY_TIME_MS = 600_000;
export const INITIAL_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 64_000;
export const MAX_JITTER_MS = 1_000;

/** R-STO-3: the HTTP statuses worth another try. */
export function isRetryableStatus(status: number): boolean {
  return (status >= 500 && status < 600) || status === 408 || status === 429;
}

/** R-STO-2: a retry time (deadline) must be a number ≥ 0. */
export function validateRetryTime(ms: number, name = 'time'): number {
  if (typeof ms !== 'number' || Number.isNaN(ms) || ms < 0) {
    throw storageErrors.invalidArgument(`Invalid value for '${name}'. Expected 0 or greater.`);
  }
  return ms;
}

/**
 * The wait before retry number `retry` (1 for the first retry), with `random` in [0, 1).
 * Doubles from 1 s and is capped at 64 s before the jitter is added.
 */
export function backoffMs(retry: number, random: number): number {
  const exponent = Math.max(0, retry - 1);
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** exponent, MAX_BACKOFF_MS);
  return base + Math.floor(Math.min(Math.max(random, 0), 0.999_999) * MAX_JITTER_MS);
}

export type RetryDecision = { kind: 'retry'; waitMs: number } | { kind: 'give-up' };

export interface RetryState {
  /** Attempts made so far (≥ 1 when deciding after a failure). */
  attempts: number;
  startedAtMs: number;
  nowMs: number;
  deadlineMs: number;
  /** A uniform random number in [0, 1) for the jitter. */
  random: number;
}

/** After a retryable failure: wait and retry, or give up because the deadline would pass. */
export function decideRetry(s: RetryState): RetryDecision {
  const waitMs = backoffMs(s.attempts, s.random);
  const elapsed = s.nowMs - s.startedAtMs;
  if (elapsed + waitMs >= s.deadlineMs) return { kind: 'give-up' };
  return { kind: 'retry', waitMs };
}

export interface AttemptContext {
  /** 1 for the first attempt. */
  attempt: number;
  /** Time left before the deadline; adapters bound each attempt by it. */
  remainingMs: number;
}

export interface RetryOptions {
  clock: Clock;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  deadlineMs: number;
  /** Whether a failure may be retried (server 5xx/408/429, network errors). */
  isRetryable: (error: unknown) => boolean;
  /** Called before each wait, for logs and tests. */
  onRetry?: (info: { attempt: number; waitMs: number; error: unknown }) => void;
  /** Stops retrying with storage/canceled. */
  signal?: AbortSignal;
}

/** An attempt aborted or timed out (at the deadline, say): not what made the operation fail. */
const cutShort = (e: unknown): boolean => {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
};

/**
 * Runs `op` until it succeeds, fails with a non-retryable error (rethrown as is), or the
 * deadline passes (storage/retry-limit-exceeded, with the last failure as its cause).
 */
export async function withRetry<T>(op: (ctx: AttemptContext) => Promise<T>, o: RetryOptions): Promise<T> {
  validateRetryTime(o.deadlineMs, 'deadlineMs');
  const startedAtMs = o.clock.now().getTime();
  // What kept failing ("ECONNREFUSED", a 503): an attempt cut short at the deadline says less.
  let telling: unknown = undefined;
  for (let attempt = 1; ; attempt += 1) {
    if (o.signal?.aborted) throw storageErrors.canceled();
    const remainingMs = o.deadlineMs - (o.clock.now().getTime() - startedAtMs);
    try {
      return await op({ attempt, remainingMs: Math.max(0, remainingMs) });
    } catch (error) {
      if (o.signal?.aborted) throw storageErrors.canceled();
      if (!o.isRetryable(error)) throw error;
      const decision = decideRetry({
        attempts: attempt,
        startedAtMs,
        nowMs: o.clock.now().getTime(),
        deadlineMs: o.deadlineMs,
        random: o.random(),
      });
      if (!cutShort(error)) telling = error;
      if (decision.kind === 'give-up') throw storageErrors.retryLimitExceeded(cutShort(error) && telling !== undefined ? telling : error);
      o.onRetry?.({ attempt, waitMs: decision.waitMs, error });
      await o.sleep(decision.waitMs);
    }
  }
}
