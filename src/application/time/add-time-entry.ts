import { auditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { TIME_ENTRY_ENTITY, manualEntry, overlapError, overlapping } from '../../domain/time/time-entry.ts';
import { entryDay, weekApprovedError } from '../../domain/time/timesheet.ts';
import { entryView, type EntryView } from './entry-view.ts';
import { getEmployeeOrFail, type TimeDeps } from './time-deps.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

const DAY_MS = 86_400_000;

export interface NewEntryInput {
  clockIn: string;
  clockOut: string;
  breaks: { start: string; end: string }[];
  note: string;
}

/** An admin adds a shift that was never clocked, with a reason; refused on a day an approval locked or over another entry. */
export async function addTimeEntry(deps: TimeDeps, auth: AuthState, employeeId: string, input: NewEntryInput, reason: string): Promise<EntryView> {
  const actor = requireAccess(auth, ADMIN);
  const employee = await getEmployeeOrFail(deps, employeeId);
  const now = deps.clock.now();
  const entry = manualEntry({ employeeId: employee.id, employeeName: employee.name, ...input }, reason, actor, now);
  // Shifts are far shorter than a week: entries starting within 7 days either side are the only candidates.
  const near = await deps.entries.listByClockIn(new Date(Date.parse(entry.clockIn) - 7 * DAY_MS), new Date(Date.parse(entry.clockOut!) + DAY_MS), employee.id);
  if (overlapping({ id: '', clockIn: entry.clockIn, clockOut: entry.clockOut }, near, now)) throw overlapError();
  const stored = await deps.entries.createClosed(entry, entryDay(entry, deps.rules.timeZone), () => weekApprovedError());
  const made = entry.history[0]!;
  await deps.audit.record(auditEntry(actor, made.at, TIME_ENTRY_ENTITY, stored.id, 'add', [...made.changes, { field: 'reason', from: null, to: made.reason }]));
  return entryView(stored, now, deps.rules);
}
