import { auditEntry, type Actor, type AuditChange, type AuditValue } from '../../domain/audit/audit-entry.ts';
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { ClientDirectory } from '../../domain/clients/client-directory.ts';
import type { EmployeeDirectory } from '../../domain/employees/employee-directory.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { JobRepository } from '../../domain/jobs/job-repository.ts';
import type { CalendarFeedRepository, CalendarWriter, SecretTokens } from '../../domain/jobs/calendar-feed.ts';
import type { Job } from '../../domain/jobs/job.ts';
import type { SignOffPdf } from '../../domain/jobs/sign-off-pdf.ts';
import type { Notify } from '../../domain/notifications/notification-event.ts';
import type { InventoryDeps } from '../inventory/inventory-deps.ts';

/** Everything the job use cases need; the composition root builds it once. */
export interface JobDeps {
  jobs: JobRepository;
  clients: ClientDirectory;
  employees: EmployeeDirectory;
  /** Materials used go through the inventory feature's movement use case. */
  inventory: InventoryDeps;
  audit: AuditLog;
  files: FileStorage;
  feeds: CalendarFeedRepository;
  tokens: SecretTokens;
  calendar: CalendarWriter;
  clock: Clock;
  ids: IdGenerator;
  /** The company time zone: "today" on the employee dashboard, the feed's zone. */
  timeZone: string;
  /** Host part of calendar event UIDs (stable per installation). */
  uidDomain: string;
  /** Notifications (the customer's confirmation, completion mail and review request). */
  notify?: Notify;
  /** The sign-off PDF the office opens from the job drawer (sign-off-document.ts): the renderer and what it prints. */
  signOffPdf: SignOffPdf;
  company: { name: string; address: string; phone: string; email: string };
  locale: string;
}

export const JOB_ENTITY = 'job';

export async function loadJob(deps: Pick<JobDeps, 'jobs'>, id: string): Promise<Job> {
  const job = await deps.jobs.get(id);
  if (!job) throw new DomainError('not-found', 'No such job.');
  return job;
}

const AUDITED: readonly (keyof Job)[] = ['status', 'title', 'type', 'notes', 'scheduledStart', 'scheduledEnd', 'proposalId', 'invoiceId', 'trimOutJobId'];

const scalar = (v: unknown): AuditValue => (v === undefined ? null : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null ? v : JSON.stringify(v));

/** Field changes between two versions of a job, flattened to scalars (assignees as a list). */
export function jobChanges(before: Job | null, after: Job): AuditChange[] {
  const out: AuditChange[] = [];
  for (const f of AUDITED) {
    const from = before ? scalar(before[f]) : null;
    const to = scalar(after[f]);
    if (from !== to) out.push({ field: f, from, to });
  }
  const a = (j: Job | null) => (j ? [...j.assignees].sort().join(',') : '');
  if (a(before) !== a(after)) out.push({ field: 'assignees', from: a(before) || null, to: a(after) || null });
  return out;
}

/** "Maria Lopez, Tom Baker" for a comma-joined list of employee ids (an unknown id stays as it is). */
async function assigneeNames(deps: Pick<JobDeps, 'employees'>, ids: AuditValue): Promise<AuditValue> {
  if (typeof ids !== 'string' || ids === '') return ids;
  const names = await Promise.all(ids.split(',').map(async (id) => (await deps.employees.get(id))?.name ?? id));
  return names.join(', ');
}

/**
 * Writes a job's audit entry as a person reads it: assignees by name, not by employee id (the
 * names at the time of the change, as the history should show them).
 */
export async function auditJob(deps: Pick<JobDeps, 'audit' | 'clock' | 'employees'>, actor: Actor, jobId: string, action: string, changes: AuditChange[]): Promise<void> {
  const readable = await Promise.all(
    changes.map(async (c) => (c.field === 'assignees' ? { ...c, from: await assigneeNames(deps, c.from), to: await assigneeNames(deps, c.to) } : c)),
  );
  await deps.audit.record(auditEntry(actor, deps.clock.now(), JOB_ENTITY, jobId, action, readable));
}

/** The job with its client's phone as the client record has it now (the job keeps only the name it was made with). */
export async function withClientPhone<J extends Pick<Job, 'clientId'>>(deps: Pick<JobDeps, 'clients'>, job: J): Promise<J & { clientPhone: string | null }> {
  return { ...job, clientPhone: (await deps.clients.getClient(job.clientId))?.phone ?? null };
}
