import type { AuthState } from '../../domain/auth/permissions.ts';
import { alreadyClockedIn, endBreak, finishEntry, notClockedIn, startBreak, startEntry, type JobRef, type TimeEntry } from '../../domain/time/time-entry.ts';
import { entryDay, weekApprovedError } from '../../domain/time/timesheet.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { entryView, type EntryView } from './entry-view.ts';
import { buildEmployeeWeek, type EmployeeWeek } from './employee-week.ts';
import { requireAccess, STAFF } from '../shared/require-access.ts';
import { clockingWorker, requireWorker, resolveWeek, type TimeDeps, type Worker } from './time-deps.ts';

/**
 * The signed-in employee's own clock (issue 6, employee dashboard): their state, clocking in
 * (optionally against a job) and out, and breaks. Each acts on their own open entry only.
 */
export interface MyClock {
  worker: Worker | null;
  open: EntryView | null;
  week: EmployeeWeek | null;
}

export async function getMyClock(deps: TimeDeps, auth: AuthState): Promise<MyClock> {
  requireAccess(auth, STAFF);
  const worker = await clockingWorker(deps, auth);
  if (!worker) return { worker: null, open: null, week: null };
  const [open, week] = await Promise.all([deps.entries.findOpen(worker.id), buildEmployeeWeek(deps, worker, resolveWeek(deps, undefined))]);
  return { worker, open: open ? entryView(open, deps.clock.now(), deps.rules) : null, week };
}

export async function clockIn(deps: TimeDeps, auth: AuthState, input: { job: JobRef | null; note?: string }): Promise<EntryView> {
  const worker = await requireWorker(deps, auth);
  const now = deps.clock.now();
  const entry = startEntry({ employeeId: worker.id, employeeName: worker.name, job: input.job, ...(input.note === undefined ? {} : { note: input.note }) }, now);
  const stored = await deps.entries.createOpen(entry, entryDay(entry, deps.rules.timeZone), (why) => (why === 'open' ? alreadyClockedIn() : weekApprovedError()));
  return entryView(stored, now, deps.rules);
}

async function changeOpen(deps: TimeDeps, auth: AuthState, change: (e: TimeEntry, now: Date) => TimeEntry): Promise<EntryView> {
  const worker = await requireWorker(deps, auth);
  const open = await deps.entries.findOpen(worker.id);
  if (!open) throw notClockedIn();
  const now = deps.clock.now();
  const stored = await deps.entries.modify(
    open.id,
    async (current) => {
      // Re-read inside the atomic step: a second tab may have clocked out meanwhile.
      if (current.clockOut !== null) throw notClockedIn();
      return change(current, now);
    },
    () => new DomainError('not-found', 'No such time entry.'),
  );
  return entryView(stored, now, deps.rules);
}

export const clockOut = (deps: TimeDeps, auth: AuthState, input: { note?: string }): Promise<EntryView> =>
  changeOpen(deps, auth, (e, now) => finishEntry(e, now, input.note));

export const startMyBreak = (deps: TimeDeps, auth: AuthState): Promise<EntryView> => changeOpen(deps, auth, startBreak);

export const endMyBreak = (deps: TimeDeps, auth: AuthState): Promise<EntryView> => changeOpen(deps, auth, endBreak);
