import { describe, expect, it } from 'vitest';
import { doubleBookedIds, findDoubleBookings, windowsOverlap } from '../../../src/domain/jobs/double-booking.ts';
import { ACTIVE_STATUSES, JOB_STATUSES } from '../../../src/domain/jobs/job.ts';
import { scheduled, window } from './job-factories.ts';

describe('double-booking', () => {
  it.each([
    ['same window', window(9, 2), window(9, 2), true],
    ['partial overlap', window(9, 2), window(10, 2), true],
    ['contained', window(9, 6), window(10, 1), true],
    ['back to back', window(9, 2), window(11, 2), false],
    ['apart', window(9, 1), window(13, 1), false],
    ['next day', window(9, 2), window(9, 2, '2026-11-25'), false],
  ])('%s: overlap = %s', (_name, a, b, expected) => {
    expect(windowsOverlap(a, b)).toBe(expected);
    expect(windowsOverlap(b, a)).toBe(expected);
  });

  it('a week at once: doubleBookedIds names exactly the active jobs findDoubleBookings warns about (random weeks)', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const people = ['emp-maria', 'emp-sam', 'emp-lee', 'emp-ana'];
    for (let week = 0; week < 200; week++) {
      const jobs = Array.from({ length: 1 + rand(25) }, () =>
        scheduled(window(6 + rand(12), 1 + rand(4), `2026-11-${String(23 + rand(3)).padStart(2, '0')}`), people.filter(() => rand(3) === 0), { status: JOB_STATUSES[rand(JOB_STATUSES.length)]! }),
      );
      const expected = jobs.filter((j) => ACTIVE_STATUSES.includes(j.status) && findDoubleBookings(j, jobs).length > 0).map((j) => j.id);
      expect([...doubleBookedIds(jobs)].sort(), `week ${week}`).toEqual([...new Set(expected)].sort());
    }
  });

  it('warns per assignee about each other active job overlapping the window', () => {
    const job = scheduled(window(9, 3), ['emp-maria', 'emp-sam']);
    const clash = scheduled(window(11, 2), ['emp-maria']);
    const samClash = scheduled(window(8, 2), ['emp-sam', 'emp-maria']);
    const elsewhere = scheduled(window(13, 1), ['emp-maria']);
    const otherPerson = scheduled(window(9, 3), ['emp-lee']);
    const cancelled = scheduled(window(9, 3), ['emp-maria'], { status: 'cancelled' });
    const warnings = findDoubleBookings(job, [job, clash, samClash, elsewhere, otherPerson, cancelled]);
    expect(warnings.map((w) => `${w.employeeId}:${w.number}`).sort()).toEqual(
      [`emp-maria:${clash.number}`, `emp-maria:${samClash.number}`, `emp-sam:${samClash.number}`].sort(),
    );
  });

  it('an unscheduled job has no warnings', () => {
    const job = scheduled(window(9, 3), ['emp-maria'], { scheduledStart: null, scheduledEnd: null });
    expect(findDoubleBookings(job, [scheduled(window(9, 3), ['emp-maria'])])).toEqual([]);
  });
});
