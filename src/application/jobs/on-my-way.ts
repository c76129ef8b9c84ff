import type { AuthState } from '../../domain/auth/permissions.ts';
import { tellOnMyWay, type OnMyWay } from '../../domain/jobs/job.ts';
import { auditJob, type JobDeps } from './job-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface OnMyWayResult {
  jobId: string;
  clientName: string;
  onMyWay: OnMyWay;
  /** False when the customer had already been told (a second tap, a double tap): nothing was sent. */
  sent: boolean;
}

/**
 * The technician's one tap on the job screen: the customer hears (mail, and SMS when configured)
 * that they are on the way. Only a technician assigned to the visit, on the visit's day (company
 * time zone); once per visit: the job keeps who told the customer and when, in the same
 * transaction, so a second tap on any instance sends nothing more.
 */
export async function tellCustomerOnMyWay(deps: Pick<JobDeps, 'jobs' | 'clock' | 'notify' | 'audit' | 'employees' | 'timeZone'>, auth: AuthState, jobId: string): Promise<OnMyWayResult> {
  const actor = requireAccess(auth, 'editJobs');
  const employeeId = auth.kind === 'employee' ? auth.employee.id : null;
  const { before, after } = await deps.jobs.update(jobId, (job) => tellOnMyWay(job, { employeeId, name: actor.name }, deps.clock.now(), deps.timeZone));
  const told = after.onMyWay!;
  if (before.onMyWay) return { jobId, clientName: after.clientName, onMyWay: before.onMyWay, sent: false };
  await auditJob(deps, actor, jobId, 'on-my-way', [{ field: 'onMyWay', from: null, to: told.at }]);
  await deps.notify?.({ kind: 'technician-on-the-way', job: after, technicianName: actor.name });
  return { jobId, clientName: after.clientName, onMyWay: told, sent: true };
}
