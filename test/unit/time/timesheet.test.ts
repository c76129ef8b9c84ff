import { describe, expect, it } from 'vitest';
import { approveWeek, entryWeek, overtimeSplit, timesheetRow, unlockWeek } from '../../../src/domain/time/timesheet.ts';
import { weekRange } from '../../../src/domain/time/zoned-week.ts';
import { admin, anEntry, at, CHICAGO, rules } from './time-factories.ts';

const maria = { id: 'emp-maria', name: 'Maria Lopez' };

/** A closed shift of `hours` starting at 08:00 Chicago time on `day` (CST weeks only). */
const shift = (day: string, hours: number, over = {}) => {
  const start = new Date(`${day}T14:00:00.000Z`);
  return anEntry({ clockIn: start.toISOString(), clockOut: new Date(start.getTime() + hours * 3_600_000).toISOString(), ...over });
};

describe('weekly timesheets', () => {
  const now = at('2026-11-25T12:00:00Z');
  const week = weekRange('2026-11-16', CHICAGO);

  it('daily and weekly totals, and overtime over the weekly threshold', () => {
    const entries = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'].map((d) => shift(d, 9));
    const row = timesheetRow(maria, week, entries, null, now, rules());
    expect(row.days.map((d) => d.minutes)).toEqual([540, 540, 540, 540, 540, 0, 0]);
    expect(row).toMatchObject({ totalMinutes: 45 * 60, regularMinutes: 40 * 60, overtimeMinutes: 5 * 60, approved: false, forgotten: 0 });
    expect(timesheetRow(maria, week, entries, null, now, rules({ overtimeWeeklyHours: 50 })).overtimeMinutes).toBe(0);
  });

  it('exactly at the threshold is not overtime; one minute over is', () => {
    expect(overtimeSplit(2400, 40)).toEqual({ regularMinutes: 2400, overtimeMinutes: 0 });
    expect(overtimeSplit(2401, 40)).toEqual({ regularMinutes: 2400, overtimeMinutes: 1 });
    expect(overtimeSplit(100, 37.5)).toEqual({ regularMinutes: 100, overtimeMinutes: 0 });
    expect(overtimeSplit(2300, 37.5)).toEqual({ regularMinutes: 2250, overtimeMinutes: 50 });
  });

  it('an entry counts on its local clock-in day; other people and other weeks are left out', () => {
    const night = anEntry({ clockIn: '2026-11-23T04:00:00.000Z', clockOut: '2026-11-23T08:00:00.000Z' }); // Sun 22:00 → Mon 02:00 local
    const nextWeek = shift('2026-11-23', 8);
    const someoneElse = shift('2026-11-17', 8, { employeeId: 'emp-rosa' });
    const row = timesheetRow(maria, week, [night, nextWeek, someoneElse], null, now, rules());
    expect(row.days.at(-1)).toEqual({ date: '2026-11-22', minutes: 240, entries: 1 });
    expect(row.totalMinutes).toBe(240);
    expect(entryWeek(night, CHICAGO)).toBe('2026-11-16');
  });

  it('counts open and forgotten entries', () => {
    const forgotten = anEntry({ clockIn: '2026-11-18T14:00:00.000Z', clockOut: null, status: 'open' });
    const row = timesheetRow(maria, week, [forgotten], null, at('2026-11-19T15:00:00Z'), rules());
    expect(row).toMatchObject({ open: true, forgotten: 1 });
  });

  it('[DST] the 25-hour Sunday of the autumn change counts its real hours', () => {
    // 00:00 CDT → 23:59 CST on 1 Nov 2026 is 25 hours of wall time minus a minute.
    const long = anEntry({ clockIn: '2026-11-01T05:00:00.000Z', clockOut: '2026-11-02T05:59:00.000Z' });
    const dstWeek = weekRange('2026-11-01', CHICAGO);
    const row = timesheetRow(maria, dstWeek, [long], null, now, rules());
    expect(row.days.at(-1)).toEqual({ date: '2026-11-01', minutes: 25 * 60 - 1, entries: 1 });
  });
});

describe('approving a week', () => {
  const now = at('2026-11-23T15:00:00Z');

  it('approves once, refuses while someone is clocked in, and unlocks only with a reason', () => {
    const closed = [anEntry()];
    expect(() => approveWeek(null, 'emp-maria', '2026-11-16', [anEntry({ clockOut: null, status: 'open' })], admin, now, '2026-11-24')).toThrow('still clocked in');
    const approved = approveWeek(null, 'emp-maria', '2026-11-16', closed, admin, now, '2026-11-24');
    expect(approved).toMatchObject({ approved: true, history: [{ action: 'approve', byName: 'Frank Miller', reason: null }] });
    const stored = closed.map((e) => ({ ...e, status: 'approved' as const }));
    expect(() => approveWeek(approved, 'emp-maria', '2026-11-16', stored, admin, now, '2026-11-24')).toThrow('already approved');
    expect(() => unlockWeek(approved, '', admin, now)).toThrow('Say why');
    const unlocked = unlockWeek(approved, 'Missed a call-out on Friday', admin, now);
    expect(unlocked.approved).toBe(false);
    expect(unlocked.history.map((h) => h.action)).toEqual(['approve', 'unlock']);
    expect(() => unlockWeek(unlocked, 'again', admin, now)).toThrow('not approved');
    const row = timesheetRow(maria, weekRange('2026-11-16', CHICAGO), closed, approved, now, rules());
    expect(row).toMatchObject({ approved: true, approvedBy: 'Frank Miller', approvedAt: now.toISOString() });
  });
});
