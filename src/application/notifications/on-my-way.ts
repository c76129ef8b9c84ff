import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { NotificationDeps } from './notification-deps.ts';

/**
 * The technician's one tap on the job screen: the customer hears (mail, and SMS when configured)
 * that they are on the way. Once per visit: a second tap (or a double tap) sends nothing more.
 */
export async function tellCustomerOnMyWay(deps: Pick<NotificationDeps, 'jobs' | 'clock' | 'notify'>, auth: AuthState, jobId: string): Promise<{ jobId: string; at: string }> {
  const actor = requireAccess(auth, 'editJobs');
  const job = await deps.jobs.get(jobId);
  if (!job) throw new DomainError('not-found', 'No such job.');
  if (job.status !== 'scheduled' && job.status !== 'in-progress') {
    throw new DomainError('conflict', `${job.number} is ${job.status}: "On my way" is for a scheduled visit.`);
  }
  await deps.notify({ kind: 'technician-on-the-way', job, technicianName: actor.name });
  return { jobId, at: deps.clock.now().toISOString() };
}
