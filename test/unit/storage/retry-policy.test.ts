import { describe, expect, it } from 'vitest';
import {
  MAX_BACKOFF_MS,
  MAX_OPERATION_RETRY_TIME_MS,
  MAX_UPLOAD_RETRY_TIME_MS,
  backoffMs,
  decideRetry,
  isRetryableStatus,
  validateRetryTime,
  withRetry,
} from '../../../src/domain/storage/retry-policy.ts';
import { StorageError, isStorageErrorWithCode } from '../../../src/domain/storage/storage-error.ts';

/** A clock that only moves when the retry loop sleeps (or the test says so). */
function fakeTime(startMs = 1_700_000_000_000) {
  let now = startMs;
  const sleeps: number[] = [];
  return {
    clock: { now: () => new Date(now) },
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
    sleeps,
    elapsed: () => now - startMs,
  };
}

class HttpFailure extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}
const retryableHttp = (e: unknown) => e instanceof HttpFailure && isRetryableStatus(e.status);

describe('retry policy', () => {
  it.each([500, 502, 503, 599, 408, 429])('[R-STO-3] status %i is retried', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });

  it.each([200, 400, 401, 402, 403, 404, 409, 412, 600])('[R-STO-3] status %i is not retried', (status) => {
    expect(isRetryableStatus(status)).toBe(false);
  });

  it('[R-STO-3] backoff starts at 1 s and doubles up to 64 s, plus up to 1 s of jitter', () => {
    const withoutJitter = [1, 2, 3, 4, 5, 6, 7, 8, 12].map((n) => backoffMs(n, 0));
    expect(withoutJitter).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000, 64000]);
    expect(backoffMs(3, 0.5)).toBe(4500);
    expect(backoffMs(9, 0.9999999)).toBeLessThan(MAX_BACKOFF_MS + 1000);
    expect(backoffMs(9, 0.9999999)).toBeGreaterThanOrEqual(MAX_BACKOFF_MS + 999);
  });

  it('[R-STO-4] deadlines are 120 000 ms per operation and 600 000 ms per upload', () => {
    expect(MAX_OPERATION_RETRY_TIME_MS).toBe(120_000);
    expect(MAX_UPLOAD_RETRY_TIME_MS).toBe(600_000);
  });

  it('[R-STO-2] retry times must be 0 or more', () => {
    expect(validateRetryTime(0)).toBe(0);
    expect(validateRetryTime(5)).toBe(5);
    for (const bad of [-1, -0.5, Number.NaN]) {
      expect(() => validateRetryTime(bad)).toThrow(/Expected 0 or greater/);
      try {
        validateRetryTime(bad);
      } catch (e) {
        expect(isStorageErrorWithCode(e, 'storage/invalid-argument')).toBe(true);
      }
    }
  });

  it('[R-STO-2] withRetry refuses a negative deadline before calling the operation', async () => {
    const t = fakeTime();
    let calls = 0;
    const op = async () => {
      calls += 1;
      return 'x';
    };
    await expect(withRetry(op, { ...t, random: () => 0, deadlineMs: -1, isRetryable: retryableHttp })).rejects.toMatchObject({
      code: 'storage/invalid-argument',
    });
    expect(calls).toBe(0);
  });

  it('[R-STO-3] gives up when the next wait would pass the deadline', () => {
    const base = { startedAtMs: 0, deadlineMs: 10_000, random: 0 };
    expect(decideRetry({ ...base, attempts: 1, nowMs: 0 })).toEqual({ kind: 'retry', waitMs: 1000 });
    expect(decideRetry({ ...base, attempts: 3, nowMs: 6_000 })).toEqual({ kind: 'give-up' });
    expect(decideRetry({ ...base, attempts: 3, nowMs: 5_999 })).toEqual({ kind: 'retry', waitMs: 4000 });
    expect(decideRetry({ ...base, attempts: 1, nowMs: 8_999 })).toEqual({ kind: 'retry', waitMs: 1000 });
    expect(decideRetry({ ...base, attempts: 1, nowMs: 9_000 })).toEqual({ kind: 'give-up' });
  });

  it('[R-STO-3] retries 503s with doubling waits until the operation succeeds', async () => {
    const t = fakeTime();
    const statuses = [503, 500, 429, 408];
    const result = await withRetry(
      async ({ attempt }) => {
        const s = statuses[attempt - 1];
        if (s !== undefined) throw new HttpFailure(s);
        return `done after ${attempt}`;
      },
      { ...t, random: () => 0.25, deadlineMs: MAX_OPERATION_RETRY_TIME_MS, isRetryable: retryableHttp },
    );
    expect(result).toBe('done after 5');
    expect(t.sleeps).toEqual([1250, 2250, 4250, 8250]);
  });

  it('[R-STO-3] does not retry a 404 and passes the error through', async () => {
    const t = fakeTime();
    let calls = 0;
    const failure = new HttpFailure(404);
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw failure;
        },
        { ...t, random: () => 0, deadlineMs: 1000, isRetryable: retryableHttp },
      ),
    ).rejects.toBe(failure);
    expect(calls).toBe(1);
    expect(t.sleeps).toEqual([]);
  });

  it('gives up naming what kept failing, not the last attempt the deadline cut short', async () => {
    const t = fakeTime();
    let calls = 0;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const err = await withRetry(
      async () => {
        calls += 1;
        t.advance(400);
        if (calls < 3) throw refused;
        throw Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
      },
      { ...t, random: () => 0.5, deadlineMs: 10_000, isRetryable: () => true },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'storage/retry-limit-exceeded' });
    expect((err as Error).cause).toBe(refused);
  });

  it('[R-STO-3] [R-STO-4] a peer down for good ends in storage/retry-limit-exceeded within the operation deadline', async () => {
    const t = fakeTime();
    const attemptsAt: number[] = [];
    const err = await withRetry(
      async () => {
        attemptsAt.push(t.elapsed());
        t.advance(50); // each failing request takes a little time
        throw new HttpFailure(503);
      },
      { ...t, random: () => 0.5, deadlineMs: MAX_OPERATION_RETRY_TIME_MS, isRetryable: retryableHttp },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'storage/retry-limit-exceeded', message: 'Max retry time for operation exceeded, please try again.' });
    expect((err as Error).cause).toBeInstanceOf(HttpFailure);
    // Waits 1.5, 2.5, 4.5, ... 64.5 s: the last attempt starts before the deadline, none after.
    expect(t.sleeps.slice(0, 4)).toEqual([1500, 2500, 4500, 8500]);
    expect(Math.max(...t.sleeps)).toBeLessThanOrEqual(MAX_BACKOFF_MS + 1000);
    expect(attemptsAt.at(-1)).toBeLessThan(MAX_OPERATION_RETRY_TIME_MS);
    expect(t.elapsed()).toBeLessThanOrEqual(MAX_OPERATION_RETRY_TIME_MS);
  });

  it('[R-STO-4] an upload gets the longer 600 000 ms deadline', async () => {
    const t = fakeTime();
    let attempts = 0;
    await withRetry(
      async () => {
        attempts += 1;
        throw new HttpFailure(500);
      },
      { ...t, random: () => 0, deadlineMs: MAX_UPLOAD_RETRY_TIME_MS, isRetryable: retryableHttp },
    ).catch(() => undefined);
    const total = t.sleeps.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(MAX_OPERATION_RETRY_TIME_MS);
    expect(total).toBeLessThan(MAX_UPLOAD_RETRY_TIME_MS);
    // 1+2+...+32 = 63 s, then 64 s steps: 63 + 8·64 = 575 s < 600 s < 639 s.
    expect(attempts).toBe(7 + 8);
  });

  it('[R-STO-2] a zero deadline makes one attempt and no retry', async () => {
    const t = fakeTime();
    let attempts = 0;
    await expect(
      withRetry(
        async () => {
          attempts += 1;
          throw new HttpFailure(500);
        },
        { ...t, random: () => 0, deadlineMs: 0, isRetryable: retryableHttp },
      ),
    ).rejects.toMatchObject({ code: 'storage/retry-limit-exceeded' });
    expect(attempts).toBe(1);
  });

  it('tells each attempt how much time is left and stops with storage/canceled when aborted', async () => {
    const t = fakeTime();
    const remaining: number[] = [];
    const ac = new AbortController();
    await expect(
      withRetry(
        async ({ attempt, remainingMs }) => {
          remaining.push(remainingMs);
          if (attempt === 2) ac.abort();
          throw new HttpFailure(500);
        },
        { ...t, random: () => 0, deadlineMs: 10_000, isRetryable: retryableHttp, signal: ac.signal },
      ),
    ).rejects.toMatchObject({ code: 'storage/canceled', message: 'User canceled the upload/download.' });
    expect(remaining).toEqual([10_000, 9_000]);
  });
});
