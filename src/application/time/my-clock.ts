import type { AuthState } from '../../domain/auth/permissions.ts';
import { alreadyClockedIn, endBreak, finishEntry, notClockedIn, startBreak, startEntry, type JobRef, type TimeEntry } from '../../domain/time/time-entry.ts';
import { entryDay, weekApprovedError } from '../../domain/time/timesheet.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { isFinal } from '../../domain/jobs/job.ts';
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

/**
 * The job a shift is clocked against, read from the store: it must exist, be open, and be
 * assigned to the person clocking in (admins, who dispatch, may clock against any open job, as
 * in field-service tools where managers can track time on every job). Number and title come
 * from the job, never from the request.
 */
async function jobToClock(deps: TimeDeps, auth: AuthState, worker: Worker, jobId: string): Promise<JobRef> {
  const job = await deps.jobs.get(jobId);
  if (!job) throw new DomainError('not-found', 'There is no job with that id. Pick one of your jobs, or clock in without a job.', { jobId: ['Pick one of your jobs.'] });
  if (auth.kind !== 'admin' && !job.assignees.includes(worker.id))
    throw new DomainError('forbidden', `${job.number} is not assigned to you. Pick one of your jobs, or clock in without a job and tell the office.`, { jobId: ['Pick one of your jobs.'] });
  if (isFinal(job)) throw new DomainError('conflict', `${job.number} is ${job.status}. Clock in without a job, or ask the office for a follow-up job.`, { jobId: ['Pick an open job.'] });
  return { jobId: job.id, jobNumber: job.number, jobTitle: job.title };
}

export async function clockIn(deps: TimeDeps, auth: AuthState, input: { jobId: string | null; note?: string }): Promise<EntryView> {
  const worker = await requireWorker(deps, auth);
  const job = input.jobId ? await jobToClock(deps, auth, worker, input.jobId) : null;
  const now = deps.clock.now();
  const entry = startEntry({ employeeId: worker.id, employeeName: worker.name, job, ...(input.note === undefined ? {} : { note: input.note }) }, now);
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
