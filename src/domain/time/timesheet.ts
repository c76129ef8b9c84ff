/**
 * Weekly timesheets: per employee, the worked minutes of each day of a Monday-to-Sunday week in
 * the company time zone, the week's total, and overtime beyond a weekly threshold (40 h by
 * default). An entry counts on the day it was clocked in (a night shift past midnight stays on
 * its starting day), so each entry belongs to exactly one day and one week, which is also the
 * week whose approval locks it.
 *
 * Approving a week is recorded per employee and week (`WeekApproval`); while approved, the
 * week's entries refuse edits, and an admin may unlock it with a reason.
 */
import { DomainError } from '../shared/domain-error.ts';
import { isForgotten, isOpen, workedMinutes, type ForgottenRule, type TimeEntry } from './time-entry.ts';
import { dateKey, weekStartOf, type WeekRange } from './zoned-week.ts';

export const TIMESHEET_ENTITY = 'timesheet';

export interface TimeRules extends ForgottenRule {
  overtimeWeeklyHours: number;
}

export interface DayTotal {
  date: string;
  minutes: number;
  entries: number;
}

export interface ApprovalEvent {
  action: 'approve' | 'unlock';
  at: string;
  byId: string;
  byName: string;
  reason: string | null;
}

export interface WeekApproval {
  employeeId: string;
  weekStart: string;
  approved: boolean;
  history: ApprovalEvent[];
}

export interface TimesheetRow {
  employeeId: string;
  employeeName: string;
  weekStart: string;
  days: DayTotal[];
  totalMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  /** Entries still open past the forgotten-clock-out limit. */
  forgotten: number;
  open: boolean;
  approved: boolean;
  approvedAt: string | null;
  approvedBy: string | null;
}

export const weekApprovalId = (employeeId: string, weekStart: string): string => `${employeeId}:${weekStart}`;

/** The week (its Monday) an entry belongs to: that of its clock-in day. */
export const entryWeek = (e: Pick<TimeEntry, 'clockIn'>, timeZone: string): string => weekStartOf(dateKey(new Date(e.clockIn), timeZone));

export function overtimeSplit(totalMinutes: number, overtimeWeeklyHours: number): { regularMinutes: number; overtimeMinutes: number } {
  const threshold = Math.round(overtimeWeeklyHours * 60);
  const overtimeMinutes = Math.max(0, totalMinutes - threshold);
  return { regularMinutes: totalMinutes - overtimeMinutes, overtimeMinutes };
}

export function timesheetRow(
  employee: { id: string; name: string },
  week: WeekRange,
  entries: readonly TimeEntry[],
  approval: WeekApproval | null,
  now: Date,
  rules: TimeRules,
): TimesheetRow {
  const days: DayTotal[] = week.days.map((date) => ({ date, minutes: 0, entries: 0 }));
  let forgotten = 0;
  let open = false;
  for (const e of entries) {
    if (e.employeeId !== employee.id) continue;
    const day = days.find((d) => d.date === dateKey(new Date(e.clockIn), rules.timeZone));
    if (!day) continue; // outside this week
    day.minutes += workedMinutes(e, now);
    day.entries += 1;
    if (isOpen(e)) open = true;
    if (isForgotten(e, now, rules)) forgotten += 1;
  }
  const totalMinutes = days.reduce((s, d) => s + d.minutes, 0);
  const lastApproval = approval?.approved ? approval.history.findLast((h) => h.action === 'approve') : undefined;
  return {
    employeeId: employee.id,
    employeeName: employee.name,
    weekStart: week.weekStart,
    days,
    totalMinutes,
    ...overtimeSplit(totalMinutes, rules.overtimeWeeklyHours),
    forgotten,
    open,
    approved: approval?.approved ?? false,
    approvedAt: lastApproval?.at ?? null,
    approvedBy: lastApproval?.byName ?? null,
  };
}

/** A week can be approved once nobody is clocked in on it and it is not approved already. */
export function approveWeek(current: WeekApproval | null, employeeId: string, weekStart: string, entries: readonly TimeEntry[], by: { id: string; name: string }, now: Date): WeekApproval {
  if (current?.approved) throw new DomainError('conflict', 'This week is already approved.');
  if (entries.some(isOpen)) throw new DomainError('conflict', 'This person is still clocked in on this week. Clock them out (edit the entry) before approving.');
  const event: ApprovalEvent = { action: 'approve', at: now.toISOString(), byId: by.id, byName: by.name, reason: null };
  return { employeeId, weekStart, approved: true, history: [...(current?.history ?? []), event] };
}

export function unlockWeek(current: WeekApproval | null, reason: string, by: { id: string; name: string }, now: Date): WeekApproval {
  if (!current?.approved) throw new DomainError('conflict', 'This week is not approved, so there is nothing to unlock.');
  const why = reason.trim();
  if (why.length < 3) throw new DomainError('validation', 'Say why the week is unlocked.', { reason: ['Say why the week is unlocked.'] });
  const event: ApprovalEvent = { action: 'unlock', at: now.toISOString(), byId: by.id, byName: by.name, reason: why };
  return { ...current, approved: false, history: [...current.history, event] };
}

export const weekApprovedError = (): DomainError =>
  new DomainError('conflict', 'This week has been approved and is locked. An admin must unlock it before it changes.');
