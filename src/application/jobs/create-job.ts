import type { AuthState } from '../../domain/auth/permissions.ts';
import { jobClientName } from '../../domain/clients/client-names.ts';
import { creation, type Actor } from '../../domain/audit/audit-entry.ts';
import type { Address } from '../../domain/clients/client.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { CreatedJob, JobCreator, NewJobInput } from '../../domain/jobs/job-creator.ts';
import { newJob, requireTrimOutAllowed, type Job } from '../../domain/jobs/job.ts';
import { auditJob, jobChanges, loadJob, type JobDeps } from './job-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export const oneLineAddress = (a: Address): string => [a.line1, a.line2, a.city, a.region, a.postcode].map((s) => s.trim()).filter(Boolean).join(', ');

async function openJob(deps: JobDeps, input: NewJobInput, actor: Actor, parent: Job | null): Promise<Job> {
  const found = await deps.clients.getSite(input.clientId, input.siteId);
  if (!found) throw new DomainError('validation', 'Pick a site of the client.', { siteId: ['This site does not belong to the client.'] });
  if (found.client.archived) throw new DomainError('conflict', `${found.client.name} is archived; unarchive the client first.`, { clientId: ['Archived client.'] });
  const id = deps.ids.next();
  const build = (seq: number) =>
    newJob({
      id,
      seq,
      clientId: found.client.id,
      clientName: jobClientName(found.client),
      siteId: found.site.id,
      siteLabel: found.site.label,
      siteAddress: oneLineAddress(found.site.address),
      geo: found.site.geo ? { latitude: found.site.geo.latitude, longitude: found.site.geo.longitude } : null,
      type: input.type,
      title: input.title,
      notes: input.notes ?? '',
      checklist: (input.checklist ?? []).map((text) => ({ id: deps.ids.next(), text })),
      proposalId: input.proposalId ?? null,
      parentJobId: parent?.id ?? null,
      at: deps.clock.now().toISOString(),
    });
  const job = await deps.jobs.create(
    build,
    parent
      ? {
          parentId: parent.id,
          change: (current, child) => {
            requireTrimOutAllowed(current);
            return { ...current, trimOutJobId: child.id, updatedAt: child.createdAt };
          },
        }
      : undefined,
  );
  await auditJob(deps, actor, job.id, 'create', creation(job.number, jobChanges(null, job)));
  if (parent) await auditJob(deps, actor, parent.id, 'trim-out-created', [{ field: 'trimOutJob', from: null, to: `${job.number} ${job.title}` }]);
  return job;
}

/** The JobCreator port other features (proposals, prewire follow-ups) open jobs through. */
export function createJobCreator(deps: JobDeps): JobCreator {
  return {
    async createJob(input: NewJobInput, actor: Actor): Promise<CreatedJob> {
      const job = await openJob(deps, input, actor, null);
      return { id: job.id, number: job.number };
    },
  };
}

/** A job opened from the back office (needs editJobs). */
export async function createJob(deps: JobDeps, auth: AuthState, input: NewJobInput): Promise<Job> {
  const actor = requireAccess(auth, 'editJobs');
  return openJob(deps, input, actor, null);
}

/** A prewire's linked trim-out visit: same client and site, copied title. */
export async function createTrimOut(deps: JobDeps, auth: AuthState, prewireId: string): Promise<Job> {
  const actor = requireAccess(auth, 'editJobs');
  const prewire = await loadJob(deps, prewireId);
  requireTrimOutAllowed(prewire);
  const title = `Trim-out: ${prewire.title.replace(/^prewire:?\s*/i, '')}`.slice(0, 200);
  return openJob(deps, { clientId: prewire.clientId, siteId: prewire.siteId, type: 'trim-out', title, proposalId: prewire.proposalId }, actor, prewire);
}
