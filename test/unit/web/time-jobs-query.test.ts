import { afterEach, describe, expect, it, vi } from 'vitest';
import { myJobsQuery } from '../../../web/src/features/time/queries.ts';
import { hoursMinutes, spokenDuration } from '../../../web/src/features/time/format.ts';

/** The clock card offers the person's jobs from GET /api/jobs/mine. */
const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body === null ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const run = () => (myJobsQuery.queryFn as () => Promise<unknown>)();

describe('jobs to clock in against', () => {
  afterEach(() => vi.restoreAllMocks());

  it("offers today's jobs first, then upcoming ones, by number and title", async () => {
    const job = (id: string, number: string, title: string) => ({ id, number, title, extra: true });
    answer(200, { day: '2026-11-23', today: [job('j1', 'JOB-0001', 'Install at Oak St')], upcoming: [job('j2', 'JOB-0004', 'Service call')] });
    await expect(run()).resolves.toEqual([
      { id: 'j1', number: 'JOB-0001', title: 'Install at Oak St' },
      { id: 'j2', number: 'JOB-0004', title: 'Service call' },
    ]);
  });

  it('a server failure is an error, not an empty list', async () => {
    answer(500, { error: { code: 'internal', message: 'Something went wrong.' } });
    await expect(run()).rejects.toThrow('Something went wrong.');
  });
});

describe('durations', () => {
  it('read as h:mm and in words', () => {
    expect(hoursMinutes(485)).toBe('8:05');
    expect(hoursMinutes(0)).toBe('0:00');
    expect(spokenDuration(485)).toBe('8 h 5 min');
    expect(spokenDuration(45)).toBe('45 min');
    expect(spokenDuration(120)).toBe('2 h');
  });
});
