/**
 * Weekly timesheets: per employee, the worked minutes of each day of a Monday-to-Sunday week in
 * the company time zone, the week's total, and overtime beyond a weekly threshold (40 h by
 * default). An entry counts on the day it was clocked in (a night shift past midnight stays on
 * its starting day), so each entry belongs to exactly one day and one week, which is also the
 * week whose approval locks it.
 *
 * Approving a week is recorded per employee and week (`WeekApproval`); an admin may unlock it
 * with a reason. What an approval locks (docs/time-tracking.md):
 *   - every entry the week holds when it is approved (they refuse edits), and
 *   - the days of the week before the approval day (`lockedThrough`; the whole week once it has
 *     ended): no entry may be added on them.
 * The approval day and the rest of the week stay open, so approving on a Wednesday never stops
 * the technician clocking in that afternoon or on Thursday. Those later entries are not covered
 * by the approval (`unapproved` on the row) until the week is approved again.
 */
import { DomainError } from '../shared/domain-error.ts';
import { isForgotten, isFrozen, isOpen, workedMinutes, type ForgottenRule, type TimeEntry } from './time-entry.ts';
import { addDays, dateKey, weekStartOf, type WeekRange } from './zoned-week.ts';

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
  /** Last day on which no entry may be added while approved; null locks the whole week (older records). */
  lockedThrough: string | null;
  history: ApprovalEvent[];
}

/** Whether an entry on `day` may not be added or moved there: its week is approved and the day is locked. */
export const dayLocked = (approval: Pick<WeekApproval, 'approved' | 'lockedThrough'> | null, day: string): boolean =>
  approval?.approved === true && (approval.lockedThrough === null || day <= approval.lockedThrough);

/** The days an approval made on `today` locks: those before today, all seven once the week has ended. */
export function lockedThroughOn(weekStart: string, today: string): string {
  const sunday = addDays(weekStart, 6);
  return today > sunday ? sunday : addDays(today, -1);
}

/** The warning an admin reads before approving a week that has not ended (null when it has). */
export function openWeekWarning(weekStart: string, today: string): string | null {
  const sunday = addDays(weekStart, 6);
  if (today > sunday) return null;
  return `This week ends on Sunday ${monthDay(sunday)}; entries from today (${monthDay(today)}) on can still be added. Approving locks the entries so far and the days before today; approve again after Sunday to cover the rest.`;
}

const monthDay = (day: string): string => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

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
  /** While approved: the last locked day (see WeekApproval). */
  lockedThrough: string | null;
  /** Entries of the week the approval does not cover (added after it, on days left open). */
  unapproved: number;
  /** Set while the week has not ended: what approving now leaves open. */
  openWeekWarning: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
}

export const weekApprovalId = (employeeId: string, weekStart: string): string => `${employeeId}:${weekStart}`;

/** The local day an entry belongs to: its clock-in day. */
export const entryDay = (e: Pick<TimeEntry, 'clockIn'>, timeZone: string): string => dateKey(new Date(e.clockIn), timeZone);

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
    lockedThrough: approval?.approved ? (approval.lockedThrough ?? addDays(week.weekStart, 6)) : null,
    unapproved: approval?.approved ? entries.filter((e) => e.employeeId === employee.id && !isFrozen(e)).length : 0,
    openWeekWarning: openWeekWarning(week.weekStart, dateKey(now, rules.timeZone)),
    approvedAt: lastApproval?.at ?? null,
    approvedBy: lastApproval?.byName ?? null,
  };
}

/**
 * A week can be approved once nobody is clocked in on it, and approved again when entries were
 * added after the last approval (on the days it left open). `today` is the company's date.
 */
export function approveWeek(
  current: WeekApproval | null,
  employeeId: string,
  weekStart: string,
  entries: readonly TimeEntry[],
  by: { id: string; name: string },
  now: Date,
  today: string,
): WeekApproval {
  if (current?.approved && entries.every(isFrozen)) throw new DomainError('conflict', 'This week is already approved.');
  if (entries.some(isOpen)) throw new DomainError('conflict', 'This person is still clocked in on this week. Clock them out (edit the entry) before approving.');
  const event: ApprovalEvent = { action: 'approve', at: now.toISOString(), byId: by.id, byName: by.name, reason: null };
  return { employeeId, weekStart, approved: true, lockedThrough: lockedThroughOn(weekStart, today), history: [...(current?.history ?? []), event] };
}

export function unlockWeek(current: WeekApproval | null, reason: string, by: { id: string; name: string }, now: Date): WeekApproval {
  if (!current?.approved) throw new DomainError('conflict', 'This week is not approved, so there is nothing to unlock.');
  const why = reason.trim();
  if (why.length < 3) throw new DomainError('validation', 'Say why the week is unlocked.', { reason: ['Say why the week is unlocked.'] });
  const event: ApprovalEvent = { action: 'unlock', at: now.toISOString(), byId: by.id, byName: by.name, reason: why };
  return { ...current, approved: false, lockedThrough: null, history: [...current.history, event] };
}

export const weekApprovedError = (): DomainError =>
  new DomainError('conflict', 'This day is in an approved week and is locked. An admin must unlock the week before it changes.');
