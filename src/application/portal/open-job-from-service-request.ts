import type { AuthState } from '../../domain/auth/permissions.ts';
import { changeContactStatus } from '../../domain/contact/contact-message.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { PortalDeps } from './portal-deps.ts';

/** Staff turn a customer's service request (an inbox message) into an unscheduled service job; the message is marked answered. */
export async function openJobFromServiceRequest(deps: PortalDeps, auth: AuthState, messageId: string): Promise<{ jobId: string; number: string }> {
  const actor = requireAccess(auth, 'editJobs');
  const request = await deps.serviceRequests.get(messageId);
  if (!request) throw new DomainError('not-found', 'This message is not a service request from the client hub.');
  if (request.jobId) throw new DomainError('conflict', 'A job was already opened from this service request.');
  const job = await deps.jobCreator.createJob({ clientId: request.clientId, siteId: request.siteId, type: 'service', title: request.title, notes: request.details }, actor);
  await deps.serviceRequests.linkJob(messageId, job.id, job.number);
  const message = await deps.contactMessages.get(messageId);
  if (message && message.status === 'new') await deps.contactMessages.save(changeContactStatus(message, 'answered', deps.clock.now()));
  return { jobId: job.id, number: job.number };
}
