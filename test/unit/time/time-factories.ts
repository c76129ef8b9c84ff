import type { TimeEntry } from '../../../src/domain/time/time-entry.ts';
import type { TimeRules } from '../../../src/domain/time/timesheet.ts';

export const CHICAGO = 'America/Chicago';

export const rules = (over: Partial<TimeRules> = {}): TimeRules => ({ timeZone: CHICAGO, maxOpenHours: 12, overtimeWeeklyHours: 40, ...over });

let n = 0;
/** A closed entry by default; pass clockOut: null for an open one. */
export function anEntry(over: Partial<TimeEntry> = {}): TimeEntry {
  n += 1;
  return {
    id: `entry-${n}`,
    employeeId: 'emp-maria',
    employeeName: 'Maria Lopez',
    job: null,
    clockIn: '2026-11-16T14:00:00.000Z',
    clockOut: '2026-11-16T22:00:00.000Z',
    breaks: [],
    note: '',
    status: 'submitted',
    history: [],
    ...over,
  };
}

export const at = (iso: string): Date => new Date(iso);
export const admin = { id: 'demo-admin-frank', name: 'Frank Miller' };
