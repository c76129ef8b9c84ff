import { describe, expect, it } from 'vitest';
import {
  editEntry,
  endBreak,
  finishEntry,
  isForgotten,
  startBreak,
  startEntry,
  workedMinutes,
  breakMinutes,
  manualEntry,
  overlapping,
  type TimeEntry,
} from '../../../src/domain/time/time-entry.ts';
import { admin, anEntry, at, CHICAGO } from './time-factories.ts';

const FORGOT = { maxOpenHours: 12, timeZone: CHICAGO };

describe('clocking in and out', () => {
  it('a new entry is open, with the job given at clock-in', () => {
    const e = startEntry({ employeeId: 'emp-maria', employeeName: 'Maria Lopez', job: { jobId: 'j1', jobNumber: 'JOB-0007', jobTitle: 'Install' } }, at('2026-11-16T14:00:00Z'));
    expect(e).toMatchObject({ status: 'open', clockOut: null, breaks: [], job: { jobNumber: 'JOB-0007' }, clockIn: '2026-11-16T14:00:00.000Z' });
  });

  it('breaks start and end only while clocked in, one at a time', () => {
    const open = anEntry({ clockOut: null, status: 'open' });
    const onBreak = startBreak(open, at('2026-11-16T17:00:00Z'));
    expect(() => startBreak(onBreak, at('2026-11-16T17:05:00Z'))).toThrow('already on a break');
    expect(() => endBreak(open, at('2026-11-16T17:05:00Z'))).toThrow('not on a break');
    const back = endBreak(onBreak, at('2026-11-16T17:30:00Z'));
    expect(back.breaks).toEqual([{ start: '2026-11-16T17:00:00.000Z', end: '2026-11-16T17:30:00.000Z' }]);
    const closed = anEntry();
    expect(() => startBreak(closed, at('2026-11-16T23:00:00Z'))).toThrow('not clocked in');
    expect(() => endBreak(closed, at('2026-11-16T23:00:00Z'))).toThrow('not clocked in');
    expect(() => finishEntry(closed, at('2026-11-16T23:00:00Z'))).toThrow('not clocked in');
  });

  it('worked minutes = span − breaks; clocking out ends a running break', () => {
    let e: TimeEntry = anEntry({ clockIn: '2026-11-16T14:00:00.000Z', clockOut: null, status: 'open' });
    e = startBreak(e, at('2026-11-16T18:00:00Z'));
    // An open entry counts up to now, a running break too.
    expect(workedMinutes(e, at('2026-11-16T18:20:00Z'))).toBe(240);
    expect(breakMinutes(e, at('2026-11-16T18:20:00Z'))).toBe(20);
    e = endBreak(e, at('2026-11-16T18:45:00Z'));
    e = startBreak(e, at('2026-11-16T21:00:00Z'));
    e = finishEntry(e, at('2026-11-16T21:10:00Z'), 'Panel swap done');
    expect(e.status).toBe('submitted');
    expect(e.breaks.at(-1)).toEqual({ start: '2026-11-16T21:00:00.000Z', end: '2026-11-16T21:10:00.000Z' });
    // 7 h 10 min span − 45 min − 10 min
    expect(workedMinutes(e, at('2026-11-17T00:00:00Z'))).toBe(6 * 60 + 15);
    expect(e.note).toBe('Panel swap done');
  });

  it('a clock that went backwards never yields negative time', () => {
    const e = anEntry({ clockIn: '2026-11-16T14:00:00.000Z', clockOut: null, status: 'open' });
    const out = finishEntry(e, at('2026-11-16T13:00:00Z'));
    expect(out.clockOut).toBe(out.clockIn);
    expect(workedMinutes(out, at('2026-11-16T13:00:00Z'))).toBe(0);
  });
});

describe('forgotten clock-outs', () => {
  it('flags an entry open longer than the limit', () => {
    const e = anEntry({ clockIn: '2026-11-16T12:00:00.000Z', clockOut: null, status: 'open' }); // 06:00 local
    expect(isForgotten(e, at('2026-11-16T23:59:00Z'), FORGOT)).toBe(false); // 11 h 59 min, same local day
    expect(isForgotten(e, at('2026-11-17T00:01:00Z'), FORGOT)).toBe(true); // 12 h 1 min, still 18:01 local
  });

  it('flags an entry still open past local midnight even if short', () => {
    const e = anEntry({ clockIn: '2026-11-17T04:00:00.000Z', clockOut: null, status: 'open' }); // 22:00 local Mon
    expect(isForgotten(e, at('2026-11-17T05:59:00Z'), FORGOT)).toBe(false); // 23:59 local
    expect(isForgotten(e, at('2026-11-17T06:01:00Z'), FORGOT)).toBe(true); // 00:01 local Tue
  });

  it('a closed entry is never flagged, and the limit is configurable', () => {
    expect(isForgotten(anEntry(), at('2026-11-20T00:00:00Z'), FORGOT)).toBe(false);
    const e = anEntry({ clockIn: '2026-11-16T14:00:00.000Z', clockOut: null, status: 'open' });
    expect(isForgotten(e, at('2026-11-16T19:00:00Z'), { ...FORGOT, maxOpenHours: 4 })).toBe(true);
    expect(isForgotten(e, at('2026-11-16T19:00:00Z'), FORGOT)).toBe(false);
  });
});

describe('admin edits', () => {
  const now = at('2026-11-18T12:00:00Z');

  it('need a reason and keep who, when, why and before → after', () => {
    const e = anEntry();
    expect(() => editEntry(e, { clockOut: '2026-11-16T23:00:00Z' }, '  ', admin, now)).toThrow('Say why');
    const { entry, edit } = editEntry(e, { clockOut: '2026-11-16T23:00:00Z' }, 'Left late, forgot to clock out', admin, now);
    expect(entry.clockOut).toBe('2026-11-16T23:00:00.000Z');
    expect(edit).toMatchObject({ byName: 'Frank Miller', reason: 'Left late, forgot to clock out', at: now.toISOString() });
    expect(edit!.changes).toEqual([{ field: 'clockOut', from: '2026-11-16T22:00:00.000Z', to: '2026-11-16T23:00:00.000Z' }]);
    expect(entry.history).toEqual([edit]);
  });

  it('closing a forgotten entry by edit submits it and ends its running break', () => {
    const e = anEntry({ clockOut: null, status: 'open', breaks: [{ start: '2026-11-16T18:00:00.000Z', end: null }] });
    const { entry } = editEntry(e, { clockOut: '2026-11-16T22:00:00Z' }, 'Forgot to clock out', admin, now);
    expect(entry.status).toBe('submitted');
    expect(entry.breaks).toEqual([{ start: '2026-11-16T18:00:00.000Z', end: '2026-11-16T22:00:00.000Z' }]);
  });

  it('refuses impossible spans and breaks outside the shift', () => {
    const e = anEntry();
    expect(() => editEntry(e, { clockOut: '2026-11-16T13:00:00Z' }, 'typo fix', admin, now)).toThrow('after clock-in');
    expect(() => editEntry(e, { clockIn: '2026-11-19T13:00:00Z', clockOut: '2026-11-19T14:00:00Z' }, 'typo fix', admin, now)).toThrow('future');
    expect(() => editEntry(e, { breaks: [{ start: '2026-11-16T13:00:00Z', end: '2026-11-16T13:30:00Z' }] }, 'typo fix', admin, now)).toThrow('inside the shift');
    expect(() =>
      editEntry(e, { breaks: [{ start: '2026-11-16T15:00:00Z', end: '2026-11-16T16:00:00Z' }, { start: '2026-11-16T15:30:00Z', end: '2026-11-16T16:30:00Z' }] }, 'typo fix', admin, now),
    ).toThrow('overlapping');
  });

  it('an edit that changes nothing records nothing; approved and locked entries refuse edits', () => {
    const e = anEntry();
    expect(editEntry(e, { clockOut: e.clockOut! }, 'no change', admin, now)).toEqual({ entry: e, edit: null });
    for (const status of ['approved', 'locked'] as const) {
      expect(() => editEntry(anEntry({ status }), { note: 'x' }, 'late fix', admin, now)).toThrow('approved week');
    }
  });
});

describe('entries added by an admin', () => {
  const now = at('2026-11-18T12:00:00Z');
  const input = { employeeId: 'emp-maria', employeeName: 'Maria Lopez', clockIn: '2026-11-16T14:00:00Z', clockOut: '2026-11-16T18:00:00Z', breaks: [], note: '' };

  it('are closed from the start and say who added them and why', () => {
    const e = manualEntry(input, 'Worked without a phone', admin, now);
    expect(e).toMatchObject({ status: 'submitted', clockOut: '2026-11-16T18:00:00.000Z' });
    expect(e.history).toMatchObject([{ byName: 'Frank Miller', reason: 'Worked without a phone', changes: [{ field: 'clockIn', from: null }, { field: 'clockOut', from: null }] }]);
    expect(() => manualEntry(input, '', admin, now)).toThrow('Say why');
    expect(() => manualEntry({ ...input, clockOut: '2026-11-16T13:00:00Z' }, 'typo', admin, now)).toThrow('after clock-in');
  });

  it('overlap is any shared instant; touching ends do not overlap; an open entry runs to now', () => {
    const other = anEntry({ id: 'x', clockIn: '2026-11-16T14:00:00.000Z', clockOut: '2026-11-16T18:00:00.000Z' });
    expect(overlapping({ id: 'new', clockIn: '2026-11-16T17:59:00.000Z', clockOut: '2026-11-16T19:00:00.000Z' }, [other], now)).toBe(other);
    expect(overlapping({ id: 'new', clockIn: '2026-11-16T18:00:00.000Z', clockOut: '2026-11-16T19:00:00.000Z' }, [other], now)).toBeNull();
    expect(overlapping({ id: 'x', clockIn: '2026-11-16T15:00:00.000Z', clockOut: '2026-11-16T16:00:00.000Z' }, [other], now)).toBeNull(); // itself
    const running = anEntry({ id: 'r', clockIn: '2026-11-18T10:00:00.000Z', clockOut: null, status: 'open' });
    expect(overlapping({ id: 'new', clockIn: '2026-11-18T11:00:00.000Z', clockOut: '2026-11-18T11:30:00.000Z' }, [running], now)).toBe(running);
  });
});

