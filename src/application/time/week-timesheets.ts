import type { AuthState } from '../../domain/auth/permissions.ts';
import type { EmployeeRecord } from '../../domain/employees/employee-record.ts';
import { timesheetRow, type TimesheetRow } from '../../domain/time/timesheet.ts';
import type { WeekRange } from '../../domain/time/zoned-week.ts';
import { resolveWeek, type TimeDeps } from './time-deps.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

export interface WeekTimesheets {
  weekStart: string;
  timeZone: string;
  days: string[];
  overtimeWeeklyHours: number;
  rows: TimesheetRow[];
}

async function allEmployees(deps: Pick<TimeDeps, 'employees'>): Promise<EmployeeRecord[]> {
  const out: EmployeeRecord[] = [];
  let cursor: string | null = null;
  do {
    const page = await deps.employees.list({ q: '', status: null, sort: 'name', limit: 100, cursor });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/**
 * Everyone's week, by name: active employees always, others only when they have entries that
 * week (someone who left mid-week still gets paid for it).
 */
export async function buildWeekTimesheets(deps: TimeDeps, week: WeekRange): Promise<WeekTimesheets> {
  const [employees, entries, approvals] = await Promise.all([allEmployees(deps), deps.entries.listByClockIn(week.from, week.to), deps.entries.listApprovals(week.weekStart)]);
  const now = deps.clock.now();
  const withEntries = new Set(entries.map((e) => e.employeeId));
  const rows = employees
    .filter((e) => e.employmentStatus === 'active' || withEntries.has(e.id))
    .map((e) => timesheetRow({ id: e.id, name: e.name }, week, entries, approvals.find((a) => a.employeeId === e.id) ?? null, now, deps.rules));
  return { weekStart: week.weekStart, timeZone: deps.rules.timeZone, days: week.days, overtimeWeeklyHours: deps.rules.overtimeWeeklyHours, rows };
}

export async function getWeekTimesheets(deps: TimeDeps, auth: AuthState, week: string | undefined): Promise<WeekTimesheets> {
  requireAccess(auth, ADMIN);
  return buildWeekTimesheets(deps, resolveWeek(deps, week));
}
