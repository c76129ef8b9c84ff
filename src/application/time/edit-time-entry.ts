import { auditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { TIME_ENTRY_ENTITY, editEntry, overlapError, overlapping, type EntryEdit, type EntryPatch, type TimeEntry } from '../../domain/time/time-entry.ts';
import { entryDay, weekApprovedError } from '../../domain/time/timesheet.ts';
import { entryView, type EntryView } from './entry-view.ts';
import { type TimeDeps } from './time-deps.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

/**
 * An admin corrects an entry (a forgotten clock-out, a missed break) and says why. Refused when
 * the entry is approved, or its day or the day it would move to is locked by an approval. The change is kept on the entry
 * and in the audit trail.
 */
export async function editTimeEntry(deps: TimeDeps, auth: AuthState, id: string, patch: EntryPatch, reason: string): Promise<EntryView> {
  const actor = requireAccess(auth, ADMIN);
  const now = deps.clock.now();
  let edit: EntryEdit | null = null;
  const near = await neighbours(deps, id, patch);
  const stored = await deps.entries.modify(
    id,
    async (current, weeks) => {
      const result = editEntry(current, patch, reason, actor, now);
      // An approved entry is frozen (editEntry refuses it); no entry may move onto a locked day.
      const tz = deps.rules.timeZone;
      for (const day of new Set([entryDay(current, tz), entryDay(result.entry, tz)])) {
        if (await weeks.isLocked(current.employeeId, day)) throw weekApprovedError();
      }
      if (result.edit && overlapping(result.entry, near, now)) throw overlapError();
      edit = result.edit;
      return result.entry;
    },
    () => new DomainError('not-found', 'No such time entry.'),
  );
  const made = edit as EntryEdit | null;
  if (made) {
    await deps.audit.record(auditEntry(actor, made.at, TIME_ENTRY_ENTITY, id, 'edit', [...made.changes, { field: 'reason', from: null, to: made.reason }]));
  }
  return entryView(stored, now, deps.rules);
}

const DAY_MS = 86_400_000;

/** The person's other entries around the old and new times, to refuse an edit that overlaps one. */
async function neighbours(deps: TimeDeps, id: string, patch: EntryPatch): Promise<TimeEntry[]> {
  const current = await deps.entries.get(id);
  if (!current) return [];
  const times = [current.clockIn, patch.clockIn, patch.clockOut, current.clockOut].flatMap((t) => (t && Number.isFinite(Date.parse(t)) ? [Date.parse(t)] : []));
  return deps.entries.listByClockIn(new Date(Math.min(...times) - 7 * DAY_MS), new Date(Math.max(...times, deps.clock.now().getTime()) + DAY_MS), current.employeeId);
}
