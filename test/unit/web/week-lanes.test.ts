import { describe, expect, it } from 'vitest';
import { dayLanes, gridHours } from '../../../web/src/features/jobs/WeekCalendar.tsx';

const at = (id: string, fromHour: number, toHour: number) => ({ id, p: { top: fromHour * 40, height: (toHour - fromHour) * 40 } });
const laid = (items: ReturnType<typeof at>[]) => Object.fromEntries(dayLanes(items).map((x) => [x.id, [x.lane, x.lanes]]));

/** The week grid's lanes: visits that overlap stand side by side; others keep the whole column. */
describe('dayLanes', () => {
  it('puts a double booking side by side and leaves a visit later that day the whole width', () => {
    expect(laid([at('panel', 8, 10), at('battery', 9, 11), at('camera', 13, 16)])).toEqual({ panel: [0, 2], battery: [1, 2], camera: [0, 1] });
  });
  it('reuses a lane once it is free, and a chain of overlaps shares one width', () => {
    expect(laid([at('a', 8, 10), at('b', 9, 12), at('c', 10, 11)])).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2] });
    expect(laid([at('a', 8, 12), at('b', 9, 10), at('c', 9, 10)])).toEqual({ a: [0, 3], b: [1, 3], c: [2, 3] });
    // Back to back is not an overlap.
    expect(laid([at('a', 8, 9), at('b', 9, 10)])).toEqual({ a: [0, 1], b: [0, 1] });
  });
});

describe('the hours the week grid shows', () => {
  // Days at UTC midnight, so the hours below are the visit's own.
  const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const week = ['2026-11-23', '2026-11-24', '2026-11-25'];
  const visit = (start: string, end: string) => ({ scheduledStart: `${start}Z`, scheduledEnd: `${end}Z` });

  it('keeps 6 AM – 9 PM for a day-time week and widens to the whole hour of an early call-out or a late finish', () => {
    expect(gridHours([visit('2026-11-24T09:00', '2026-11-24T11:00')], week, midnight)).toEqual({ first: 6, last: 21 });
    expect(gridHours([visit('2026-11-24T03:30', '2026-11-24T07:00'), visit('2026-11-25T02:00', '2026-11-25T04:00')], week, midnight)).toEqual({ first: 2, last: 21 });
    expect(gridHours([visit('2026-11-24T20:00', '2026-11-24T22:15')], week, midnight)).toEqual({ first: 6, last: 23 });
    expect(gridHours([visit('2026-11-24T22:00', '2026-11-25T00:00')], week, midnight)).toEqual({ first: 6, last: 24 });
  });

  it('a visit running over midnight into the next day does not stretch the grid to the whole day', () => {
    expect(gridHours([visit('2026-11-23T08:00', '2026-11-25T17:00')], week, midnight)).toEqual({ first: 6, last: 21 });
    // Unscheduled jobs and visits outside the week change nothing.
    expect(gridHours([{ scheduledStart: null, scheduledEnd: null }, visit('2026-11-30T01:00', '2026-11-30T02:00')], week, midnight)).toEqual({ first: 6, last: 21 });
  });
});
