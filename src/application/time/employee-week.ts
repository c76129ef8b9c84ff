import type { AuthState } from '../../domain/auth/permissions.ts';
import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import { TIMESHEET_ENTITY, timesheetRow, weekApprovalId, type TimesheetRow, type WeekApproval } from '../../domain/time/timesheet.ts';
import type { WeekRange } from '../../domain/time/zoned-week.ts';
import { entryView, type EntryView } from './entry-view.ts';
import { getEmployeeOrFail, requireWorker, resolveWeek, type TimeDeps, type Worker } from './time-deps.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

export interface EmployeeWeek {
  /** The company time zone the days are in, for screens to show local times. */
  timeZone: string;
  days: string[];
  row: TimesheetRow;
  entries: EntryView[];
  approval: (Omit<WeekApproval, 'history'> & { history: AuditEntry[] }) | null;
}

/** The week's approvals and unlocks in the audit trail's shape, as approve-week.ts writes them there. */
const approvalView = (a: WeekApproval): NonNullable<EmployeeWeek['approval']> => {
  const entityId = weekApprovalId(a.employeeId, a.weekStart);
  return {
    ...a,
    history: a.history.map((h, i) => ({
      id: `${entityId}:${i}`,
      at: h.at,
      actorId: h.byId,
      actorName: h.byName,
      entity: TIMESHEET_ENTITY,
      entityId,
      action: h.action,
      changes: [{ field: 'approved', from: h.action === 'unlock', to: h.action === 'approve' }, ...(h.reason ? [{ field: 'reason', from: null, to: h.reason }] : [])],
    })),
  };
};

export async function buildEmployeeWeek(deps: TimeDeps, worker: Worker, week: WeekRange): Promise<EmployeeWeek> {
  const [entries, approval] = await Promise.all([deps.entries.listByClockIn(week.from, week.to, worker.id), deps.entries.getApproval(worker.id, week.weekStart)]);
  const now = deps.clock.now();
  return {
    timeZone: deps.rules.timeZone,
    days: week.days,
    row: timesheetRow(worker, week, entries, approval, now, deps.rules),
    entries: entries.map((e) => entryView(e, now, deps.rules)),
    approval: approval && approvalView(approval),
  };
}

/** An admin's view of one employee's week, entries and edit history included. */
export async function getEmployeeWeek(deps: TimeDeps, auth: AuthState, employeeId: string, week: string | undefined): Promise<EmployeeWeek> {
  requireAccess(auth, ADMIN);
  const employee = await getEmployeeOrFail(deps, employeeId);
  return buildEmployeeWeek(deps, { id: employee.id, name: employee.name }, resolveWeek(deps, week));
}

/** The signed-in employee's own week. */
export async function getMyWeek(deps: TimeDeps, auth: AuthState, week: string | undefined): Promise<EmployeeWeek> {
  const worker = await requireWorker(deps, auth);
  return buildEmployeeWeek(deps, worker, resolveWeek(deps, week));
}
