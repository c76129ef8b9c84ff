import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { findDoubleBookings, type BookingWarning } from '../../domain/jobs/double-booking.ts';
import { assignJob, MAX_WINDOW_MS, scheduleJob, type Job, type ScheduleWindow } from '../../domain/jobs/job.ts';
import { auditJob, jobChanges, type JobDeps } from './job-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface ScheduledJob {
  job: Job;
  /** Assignees booked on another job in an overlapping window: a warning, the change is saved. */
  warnings: BookingWarning[];
}

/** Other jobs of the job's assignees overlapping its window (windows are ≤ 14 days, which bounds the search). */
export async function bookingWarnings(deps: Pick<JobDeps, 'jobs'>, job: Job): Promise<BookingWarning[]> {
  if (job.scheduledStart === null || job.scheduledEnd === null || job.assignees.length === 0) return [];
  const from = new Date(Date.parse(job.scheduledStart) - MAX_WINDOW_MS).toISOString();
  const lists = await Promise.all(job.assignees.map((employeeId) => deps.jobs.scheduledBetween(from, job.scheduledEnd!, { employeeId, limit: 500 })));
  const seen = new Set<string>();
  const others = lists.flat().filter((j) => !seen.has(j.id) && seen.add(j.id));
  return findDoubleBookings(job, others);
}

async function checkAssignees(deps: JobDeps, ids: string[]): Promise<void> {
  const records = await Promise.all(ids.map((id) => deps.employees.get(id)));
  const bad = ids.filter((_, i) => records[i] === null || records[i]!.employmentStatus !== 'active');
  if (bad.length > 0) throw new DomainError('validation', 'Only active employees can be assigned.', { assignees: [`Not an active employee: ${bad.join(', ')}`] });
}

/**
 * Sets the window and/or the assignees in one change (the detail form saves both), and answers
 * with double-booking warnings for the result.
 */
export async function scheduleAndAssign(
  deps: JobDeps,
  auth: AuthState,
  id: string,
  input: { window?: ScheduleWindow | null; assignees?: string[] },
): Promise<ScheduledJob> {
  const actor = requireAccess(auth, 'editJobs');
  if (input.assignees) await checkAssignees(deps, input.assignees);
  const { before, after } = await deps.jobs.update(id, (job) => {
    const at = deps.clock.now().toISOString();
    let next = job;
    if (input.window !== undefined) next = scheduleJob(next, input.window, at);
    if (input.assignees !== undefined) next = assignJob(next, input.assignees, at);
    return next;
  });
  const changes = jobChanges(before, after);
  if (changes.length > 0) await auditJob(deps, actor, id, 'schedule', changes);
  // A (new) window on a scheduled visit: the customer's confirmation, once per window.
  if (after.status === 'scheduled' && after.scheduledStart && (after.scheduledStart !== before.scheduledStart || before.status !== 'scheduled')) await deps.notify?.({ kind: 'visit-scheduled', job: after });
  return { job: after, warnings: await bookingWarnings(deps, after) };
}
