import type { AuthState } from '../../domain/auth/permissions.ts';
import { transitionJob, untickedItems, updateDetails, type Job, type JobDetailsPatch, type JobStatus } from '../../domain/jobs/job.ts';
import { auditJob, jobChanges, type JobDeps } from './job-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/** Title, type, notes and the proposal/invoice links (needs editJobs). */
export async function updateJob(deps: JobDeps, auth: AuthState, id: string, patch: JobDetailsPatch): Promise<Job> {
  const actor = requireAccess(auth, 'editJobs');
  const { before, after } = await deps.jobs.update(id, (job) => updateDetails(job, patch, deps.clock.now().toISOString()));
  const changes = jobChanges(before, after);
  if (changes.length > 0) await auditJob(deps, actor, id, 'update', changes);
  return after;
}

/**
 * Moves a job along the status table (the board's drag and the detail's buttons). Completing with
 * checklist items unticked needs `acknowledgeUnticked`, and the history names the items.
 */
export async function changeJobStatus(deps: JobDeps, auth: AuthState, id: string, to: JobStatus, options: { acknowledgeUnticked?: boolean } = {}): Promise<Job> {
  const actor = requireAccess(auth, 'editJobs');
  const { before, after } = await deps.jobs.update(id, (job) => transitionJob(job, { to, at: deps.clock.now().toISOString(), acknowledgeUnticked: options.acknowledgeUnticked === true }));
  const unticked = to === 'completed' ? untickedItems(after) : [];
  await auditJob(deps, actor, id, 'status', [...jobChanges(before, after), ...(unticked.length > 0 ? [{ field: 'completedWithUnticked', from: null, to: unticked.join('; ') }] : [])]);
  if (after.status === 'completed') await deps.clients.markLeadWon?.(after.clientId); // the client's quote request is won (clients feature)
  if (after.status === 'completed' && before.status !== 'completed') await deps.notify?.({ kind: 'job-completed', job: after });
  if (after.status === 'scheduled' && before.status !== 'scheduled' && after.scheduledStart) await deps.notify?.({ kind: 'visit-scheduled', job: after });
  return after;
}
