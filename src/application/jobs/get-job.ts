import type { AuthState } from '../../domain/auth/permissions.ts';
import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { Job } from '../../domain/jobs/job.ts';
import type { BookingWarning } from '../../domain/jobs/double-booking.ts';
import { bookingWarnings } from './schedule-job.ts';
import { oneLineAddress } from './create-job.ts';
import { JOB_ENTITY, loadJob, withClientPhone, type JobDeps } from './job-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

/** Another job as a link shows it: its number and title, never its id alone. */
export interface JobLink {
  id: string;
  number: string;
  title: string;
}

export interface JobView {
  job: Job & { clientPhone: string | null };
  warnings: BookingWarning[];
  history: AuditEntry[];
  /** The prewire this follows and the trim-out visit made from it, as links read them. */
  related: { parent: JobLink | null; trimOut: JobLink | null };
  /** Whether the reader is one of the job's assignees (the technician's own actions, such as "On my way"). */
  assignedToYou: boolean;
}

async function linkTo(deps: Pick<JobDeps, 'jobs'>, id: string | null | undefined): Promise<JobLink | null> {
  if (!id) return null;
  const j = await deps.jobs.get(id);
  return j ? { id: j.id, number: j.number, title: j.title } : null;
}

/** One job with its current double-booking warnings and its change history. */
export async function getJob(deps: JobDeps, auth: AuthState, id: string): Promise<JobView> {
  requireAccess(auth, 'viewJobs');
  const stored = await loadJob(deps, id);
  // The drawer prints the site as it is now (an apartment number added later shows), not as it was when the job was opened.
  // The site lookup reads the client too: its phone comes from that read (a second read only when the site is gone).
  const found = await deps.clients.getSite(stored.clientId, stored.siteId);
  const job = found ? { ...stored, siteLabel: found.site.label, siteAddress: oneLineAddress(found.site.address), clientPhone: found.client.phone } : await withClientPhone(deps, stored);
  const [warnings, history, parent, trimOut] = await Promise.all([
    bookingWarnings(deps, job),
    deps.audit.listFor(JOB_ENTITY, id, { limit: 50 }),
    linkTo(deps, job.parentJobId),
    linkTo(deps, job.trimOutJobId),
  ]);
  const assignedToYou = auth.kind === 'employee' && job.assignees.includes(auth.employee.id);
  return { job, warnings, history, related: { parent, trimOut }, assignedToYou };
}

/**
 * The active employees jobs can be assigned to, and `me`: the signed-in person's own employee id
 * when they are one of them (the job screens open a technician's own jobs first).
 */
export async function assignableEmployees(deps: JobDeps, auth: AuthState): Promise<{ employees: { id: string; name: string; title: string | null }[]; me: string | null }> {
  requireAccess(auth, 'viewJobs');
  const out: { id: string; name: string; title: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const page = await deps.employees.list({ q: '', status: 'active', sort: 'name', limit: 100, cursor });
    out.push(...page.items.map((e) => ({ id: e.id, name: e.name, title: e.title })));
    cursor = page.nextCursor;
  } while (cursor !== null && out.length < 1000);
  const me = auth.kind === 'employee' && out.some((e) => e.id === auth.employee.id) ? auth.employee.id : null;
  return { employees: out, me };
}

export interface ClientOption {
  id: string;
  name: string;
  sites: { id: string; label: string; address: string }[];
}

/** Clients (with their sites) matching the text, for the create-job dialog (needs editJobs, not viewClients). */
export async function clientOptions(deps: JobDeps, auth: AuthState, text: string): Promise<ClientOption[]> {
  requireAccess(auth, 'editJobs');
  const clients = await deps.clients.search(text, 15);
  return clients.map((c) => ({
    id: c.id,
    name: c.company ? `${c.company} (${c.name})` : c.name,
    sites: c.sites.map((s) => ({ id: s.id, label: s.label, address: oneLineAddress(s.address) })),
  }));
}
