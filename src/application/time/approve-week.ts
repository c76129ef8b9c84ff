import { auditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { TIMESHEET_ENTITY, approveWeek, unlockWeek, weekApprovalId, type WeekApproval } from '../../domain/time/timesheet.ts';
import { dateKey } from '../../domain/time/zoned-week.ts';
import { buildEmployeeWeek, type EmployeeWeek } from './employee-week.ts';
import { getEmployeeOrFail, resolveWeek, type TimeDeps } from './time-deps.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

type Change = (current: WeekApproval | null, entries: Parameters<typeof approveWeek>[3], actor: { id: string; name: string }, now: Date) => WeekApproval;

async function changeWeek(deps: TimeDeps, auth: AuthState, employeeId: string, week: string, action: 'approve' | 'unlock', change: Change): Promise<EmployeeWeek> {
  const actor = requireAccess(auth, ADMIN);
  const employee = await getEmployeeOrFail(deps, employeeId);
  const range = resolveWeek(deps, week);
  const now = deps.clock.now();
  const { approval } = await deps.entries.changeApproval(employee.id, range.weekStart, range, (current, entries) => change(current, entries, actor, now));
  const event = approval.history.at(-1);
  await deps.audit.record(
    auditEntry(actor, now, TIMESHEET_ENTITY, weekApprovalId(employee.id, range.weekStart), action, [
      { field: 'approved', from: action === 'unlock', to: action === 'approve' },
      ...(event?.reason ? [{ field: 'reason', from: null, to: event.reason }] : []),
    ]),
  );
  return buildEmployeeWeek(deps, { id: employee.id, name: employee.name }, range);
}

/** Approving a week locks its entries so far and its days before today (docs/time-tracking.md); a week not ended stays open from today. */
export const approveEmployeeWeek = (deps: TimeDeps, auth: AuthState, employeeId: string, week: string): Promise<EmployeeWeek> =>
  changeWeek(deps, auth, employeeId, week, 'approve', (current, entries, actor, now) =>
    approveWeek(current, employeeId, resolveWeek(deps, week).weekStart, entries, actor, now, dateKey(now, deps.rules.timeZone)),
  );

/** Unlocking needs a reason; the entries may be edited again and the week approved anew. */
export const unlockEmployeeWeek = (deps: TimeDeps, auth: AuthState, employeeId: string, week: string, reason: string): Promise<EmployeeWeek> =>
  changeWeek(deps, auth, employeeId, week, 'unlock', (current, _entries, actor, now) => unlockWeek(current, reason, actor, now));
