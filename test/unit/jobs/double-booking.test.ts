import { describe, expect, it } from 'vitest';
import { findDoubleBookings, windowsOverlap } from '../../../src/domain/jobs/double-booking.ts';
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
