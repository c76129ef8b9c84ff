import { afterEach, describe, expect, it, vi } from 'vitest';
import { myJobsQuery } from '../../../web/src/features/time/queries.ts';
import { hoursMinutes, spokenDuration } from '../../../web/src/features/time/format.ts';

/** The clock card offers jobs from GET /api/jobs/mine when that route exists, and no choice when it does not. */
const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body === null ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const run = () => (myJobsQuery.queryFn as () => Promise<unknown>)();

describe('jobs to clock in against', () => {
  afterEach(() => vi.restoreAllMocks());

  it('no jobs route yet (404) or no permission (403) means no job choice', async () => {
    answer(404, { error: { code: 'not-found', message: 'Not found' } });
    await expect(run()).resolves.toBeNull();
    vi.restoreAllMocks();
    answer(403, { error: { code: 'forbidden', message: 'No' } });
    await expect(run()).resolves.toBeNull();
  });

  it('reads id, number and title from a list or an { items } page, skipping entries without an id', async () => {
    answer(200, { items: [{ id: 'j1', number: 'JOB-0001', title: 'Install at Oak St', extra: true }, { number: 'JOB-0002' }] });
    await expect(run()).resolves.toEqual([{ id: 'j1', number: 'JOB-0001', title: 'Install at Oak St' }]);
    vi.restoreAllMocks();
    answer(200, [{ id: 'j2', number: 'JOB-0003', type: 'service', clientName: 'Ada Shaw' }]);
    await expect(run()).resolves.toEqual([{ id: 'j2', number: 'JOB-0003', title: 'service · Ada Shaw' }]);
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
