import { describe, expect, it } from 'vitest';
import { addDays, dateKey, instantToWallTime, isDateKey, localTime, startOfDay, wallTimeToInstant, weekRange, weekStartOf, weekdayIndex } from '../../../src/domain/time/zoned-week.ts';
import { CHICAGO } from './time-factories.ts';

const HOUR = 3_600_000;

describe('company-time-zone weeks', () => {
  it('weeks start on Monday', () => {
    expect(weekdayIndex('2026-11-16')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-22')).toBe(6); // a Sunday
    expect(weekStartOf('2026-11-22')).toBe('2026-11-16');
    expect(weekStartOf('2026-11-16')).toBe('2026-11-16');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28'); // across a year end
  });

  it('a week is 168 hours between local midnights in an ordinary week', () => {
    const w = weekRange('2026-11-18', CHICAGO);
    expect(w.days).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(w.from.toISOString()).toBe('2026-11-16T06:00:00.000Z'); // CST, UTC−6
    expect(w.to.getTime() - w.from.getTime()).toBe(168 * HOUR);
  });

  it('the week the clocks go back (1 Nov 2026 in Chicago) lasts 169 hours', () => {
    const w = weekRange('2026-11-01', CHICAGO);
    expect(w.weekStart).toBe('2026-10-26');
    expect(w.from.toISOString()).toBe('2026-10-26T05:00:00.000Z'); // CDT, UTC−5
    expect(w.to.toISOString()).toBe('2026-11-02T06:00:00.000Z'); // CST, UTC−6
    expect(w.to.getTime() - w.from.getTime()).toBe(169 * HOUR);
  });

  it('the week the clocks go forward (8 Mar 2026 in Chicago) lasts 167 hours', () => {
    const w = weekRange('2026-03-08', CHICAGO);
    expect(w.from.toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(w.to.getTime() - w.from.getTime()).toBe(167 * HOUR);
  });

  it('a late Sunday shift after the change belongs to the old week although UTC says Monday', () => {
    const lateSunday = new Date('2026-11-02T05:30:00.000Z'); // 23:30 CST on Sunday 1 Nov
    expect(dateKey(lateSunday, CHICAGO)).toBe('2026-11-01');
    expect(weekStartOf(dateKey(lateSunday, CHICAGO))).toBe('2026-10-26');
    const earlyMonday = new Date('2026-11-02T06:30:00.000Z'); // 00:30 CST on Monday 2 Nov
    expect(weekStartOf(dateKey(earlyMonday, CHICAGO))).toBe('2026-11-02');
  });

  it('local midnight, times and date keys in other zones', () => {
    expect(startOfDay('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDay('2026-07-01', 'Asia/Tokyo').toISOString()).toBe('2026-06-30T15:00:00.000Z');
    expect(localTime(new Date('2026-11-16T14:05:00.000Z'), CHICAGO)).toBe('08:05');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(isDateKey('2026-02-30')).toBe(false);
    expect(isDateKey('2026-11-16')).toBe(true);
    expect(() => weekStartOf('16/11/2026')).toThrow(/YYYY-MM-DD/);
  });
});

describe('wall-clock times in the company time zone', () => {
  it('round-trips a datetime-local value, on ordinary and DST days', () => {
    for (const wall of ['2026-11-16T08:00', '2026-03-08T03:30', '2026-11-01T00:15', '2026-11-01T23:59']) {
      expect(instantToWallTime(wallTimeToInstant(wall, CHICAGO), CHICAGO)).toBe(wall);
    }
    expect(wallTimeToInstant('2026-11-16T08:00', CHICAGO).toISOString()).toBe('2026-11-16T14:00:00.000Z');
    expect(wallTimeToInstant('2026-07-16T08:00', CHICAGO).toISOString()).toBe('2026-07-16T13:00:00.000Z');
    expect(() => wallTimeToInstant('2026-11-16 08:00', CHICAGO)).toThrow('YYYY-MM-DDTHH:mm');
  });
});
