import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { workedMinutes, breakMinutes } from '../../domain/time/time-entry.ts';
import { addDays, dateKey, isDateKey, localTime, startOfDay, weekStartOf } from '../../domain/time/zoned-week.ts';
import { buildWeekTimesheets } from './week-timesheets.ts';
import { resolveWeek, type TimeDeps } from './time-deps.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import { csvNumber, csvRows, type CsvCell } from '../shared/csv.ts';

export const MAX_EXPORT_DAYS = 93;

export interface ExportRange {
  /** Inclusive YYYY-MM-DD days in the company time zone. */
  from: string;
  to: string;
}

const hours = (minutes: number) => csvNumber(minutes / 60, 2);

export function exportRange(deps: Pick<TimeDeps, 'clock' | 'rules'>, q: { week?: string; from?: string; to?: string }): ExportRange {
  if (q.from === undefined && q.to === undefined) {
    const w = resolveWeek(deps, q.week);
    return { from: w.weekStart, to: addDays(w.weekStart, 6) };
  }
  const from = q.from ?? q.to!;
  const to = q.to ?? q.from!;
  if (!isDateKey(from) || !isDateKey(to)) throw new DomainError('validation', 'Dates must look like 2026-11-16.');
  if (to < from) throw new DomainError('validation', 'The range ends before it starts.', { to: ['Must not be before the start.'] });
  if (addDays(from, MAX_EXPORT_DAYS - 1) < to) throw new DomainError('validation', `Export at most ${MAX_EXPORT_DAYS} days at a time.`, { to: [`At most ${MAX_EXPORT_DAYS} days.`] });
  return { from, to };
}

/**
 * Payroll CSV. `entries`: one row per entry clocked in within the range (times in the company
 * time zone, worked hours as decimals). `summary`: one row per employee and week touching the
 * range, with regular and overtime hours and whether the week is approved.
 */
export async function exportTimeCsv(deps: TimeDeps, auth: AuthState, range: ExportRange, kind: 'entries' | 'summary'): Promise<string> {
  requireAccess(auth, ADMIN);
  const tz = deps.rules.timeZone;
  const now = deps.clock.now();
  if (kind === 'summary') {
    const rows: CsvCell[][] = [['Employee', 'Employee ID', 'Week starting', 'Regular hours', 'Overtime hours', 'Total hours', 'Approved', 'Approved by']];
    for (let w = weekStartOf(range.from); w <= range.to; w = addDays(w, 7)) {
      const sheet = await buildWeekTimesheets(deps, resolveWeek(deps, w));
      for (const r of sheet.rows) {
        if (r.totalMinutes === 0 && !r.approved) continue;
        rows.push([r.employeeName, r.employeeId, r.weekStart, hours(r.regularMinutes), hours(r.overtimeMinutes), hours(r.totalMinutes), r.approved ? 'yes' : 'no', r.approvedBy ?? '']);
      }
    }
    return csvRows(rows);
  }
  const entries = await deps.entries.listByClockIn(startOfDay(range.from, tz), startOfDay(addDays(range.to, 1), tz));
  entries.sort((a, b) => a.employeeName.localeCompare(b.employeeName) || a.clockIn.localeCompare(b.clockIn));
  const header = ['Employee', 'Employee ID', 'Date', 'Clock in', 'Clock out', 'Break minutes', 'Worked hours', 'Job number', 'Job title', 'Note', 'Status', 'Edited'];
  const rows = entries.map((e) => [
    e.employeeName,
    e.employeeId,
    dateKey(new Date(e.clockIn), tz),
    localTime(new Date(e.clockIn), tz),
    e.clockOut ? `${dateKey(new Date(e.clockOut), tz) === dateKey(new Date(e.clockIn), tz) ? '' : `${dateKey(new Date(e.clockOut), tz)} `}${localTime(new Date(e.clockOut), tz)}` : '',
    breakMinutes(e, now),
    hours(workedMinutes(e, now)),
    e.job?.jobNumber ?? '',
    e.job?.jobTitle ?? '',
    e.note,
    e.status,
    e.history.length > 0 ? 'yes' : 'no',
  ]);
  // The one CSV writer escapes text a spreadsheet would run as a formula (notes, job titles, names).
  return csvRows([header, ...rows]);
}
