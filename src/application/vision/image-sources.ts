import type { ReferenceNames } from '../../domain/audit/references.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import type { JobRepository } from '../../domain/jobs/job-repository.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { readAllBytes } from '../../domain/storage/file-storage.ts';
import type { VisionAnalysis } from '../../domain/vision/vision-analysis.ts';
import { analyseImage, type AnalyseImageDeps } from './analyse-image.ts';
import { mayAccess, requireAccess } from '../shared/require-access.ts';

/**
 * Images already in the system that the vision tool can analyse without an upload: the photos
 * of a client's jobs (all sites, or one) and of the quote request the client came from. Each is
 * named by a reference (`job:<jobId>:<photoId>`, `lead:<leadId>:<index>`); what a person may
 * pick follows what they may see elsewhere (viewJobs for job photos, viewClients for lead photos).
 */
export interface ImageSourceDeps extends AnalyseImageDeps {
  jobs: Pick<JobRepository, 'get' | 'list'>;
  clients: Pick<ClientRepository, 'get'>;
  leads: Pick<QuoteRequestRepository, 'get'>;
  /** Names of the clients, sites, jobs and contracts analyses are linked to. */
  names: ReferenceNames;
}

export interface ImageSource {
  ref: string;
  kind: 'job-photo' | 'lead-photo';
  label: string;
  fileName: string | null;
  takenAt: string;
  clientId: string;
  siteId: string | null;
  jobId: string | null;
  /** Where the SPA loads the picture from (the owning feature's own, permission-checked route). */
  imageUrl: string;
}

const MAX_JOBS = 100;

export async function listImageSources(deps: ImageSourceDeps, auth: AuthState, q: { clientId: string; siteId: string | null; jobId: string | null }): Promise<ImageSource[]> {
  requireAccess(auth, 'useVisionAi');
  const out: ImageSource[] = [];
  if (mayAccess(auth, 'viewJobs')) {
    const jobs = q.jobId
      ? [await deps.jobs.get(q.jobId)].filter((j) => j !== null && j.clientId === q.clientId)
      : (await deps.jobs.list({ status: null, type: null, employeeId: null, clientId: q.clientId, from: null, to: null, words: [], sort: 'createdAt', direction: 'desc', limit: MAX_JOBS, cursor: null })).jobs;
    for (const job of jobs) {
      if (job === null || (q.siteId !== null && job.siteId !== q.siteId)) continue;
      for (const p of job.photos) {
        out.push({
          ref: `job:${job.id}:${p.id}`,
          kind: 'job-photo',
          label: `${job.number} · ${job.title}`,
          fileName: p.fileName,
          takenAt: p.uploadedAt,
          clientId: job.clientId,
          siteId: job.siteId,
          jobId: job.id,
          imageUrl: `/api/jobs/${encodeURIComponent(job.id)}/photos/${encodeURIComponent(p.id)}`,
        });
      }
    }
  }
  if (mayAccess(auth, 'viewClients') && q.jobId === null) {
    const client = await deps.clients.get(q.clientId);
    const lead = client?.leadId ? await deps.leads.get(client.leadId) : null;
    if (client && lead) {
      // The request's address became the client's first site.
      const siteId = client.sites[0]?.id ?? null;
      if (q.siteId === null || q.siteId === siteId) {
        lead.photos.forEach((p, i) =>
          out.push({
            ref: `lead:${lead.id}:${i}`,
            kind: 'lead-photo',
            label: `Quote request photo ${i + 1}`,
            fileName: p.fileName,
            takenAt: lead.createdAt,
            clientId: client.id,
            siteId,
            jobId: null,
            imageUrl: `/api/admin/leads/${encodeURIComponent(lead.id)}/photos/${i}`,
          }),
        );
      }
    }
  }
  return out.sort((a, b) => b.takenAt.localeCompare(a.takenAt));
}

/** Analyses a picked image; the analysis is linked to where the image came from. */
export async function analyseImageSource(deps: ImageSourceDeps, auth: AuthState, input: { ref: string; contractId: string | null; note: string | null }): Promise<VisionAnalysis> {
  requireAccess(auth, 'useVisionAi');
  const notFound = () => new DomainError('not-found', 'That image is no longer there.');
  const [kind, ownerId, key] = input.ref.split(':');
  if (!ownerId || key === undefined) throw new DomainError('validation', 'Pick an image.', { ref: ['Pick an image.'] });
  let source: { path: string; fileName: string | null; links: { clientId: string; siteId: string | null; jobId: string | null } };
  if (kind === 'job') {
    requireAccess(auth, 'viewJobs');
    const job = await deps.jobs.get(ownerId);
    const photo = job?.photos.find((p) => p.id === key);
    if (!job || !photo) throw notFound();
    source = { path: photo.path, fileName: photo.fileName, links: { clientId: job.clientId, siteId: job.siteId, jobId: job.id } };
  } else if (kind === 'lead') {
    requireAccess(auth, 'viewClients');
    const lead = await deps.leads.get(ownerId);
    const photo = lead?.photos[Number(key)];
    if (!lead || !photo || lead.convertedClientId === null) throw notFound();
    const client = await deps.clients.get(lead.convertedClientId);
    source = { path: photo.path, fileName: photo.fileName, links: { clientId: lead.convertedClientId, siteId: client?.sites[0]?.id ?? null, jobId: null } };
  } else {
    throw new DomainError('validation', 'Pick an image.', { ref: ['Pick an image.'] });
  }
  const { body } = await deps.files.download(source.path);
  const bytes = await readAllBytes(body);
  return analyseImage(deps, auth, {
    bytes,
    ...(source.fileName ? { fileName: source.fileName } : {}),
    links: { ...source.links, contractId: input.contractId },
    note: input.note,
  });
}
