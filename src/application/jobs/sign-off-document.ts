/**
 * The one way a job's sign-off becomes the PDF the customer keeps: its signature from the file
 * store, the technicians' first names, the one renderer (src/domain/jobs/sign-off-pdf.ts). The
 * client hub's download, the office's job drawer and the completed-job mail all call it, so the
 * customer and the office hold the same file.
 */
import type { AuthState } from '../../domain/auth/permissions.ts';
import type { EmployeeDirectory } from '../../domain/employees/employee-directory.ts';
import { hasSignOffDocument, type Job } from '../../domain/jobs/job.ts';
import type { SignOffPdf } from '../../domain/jobs/sign-off-pdf.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { readAllBytes, type FileStorage } from '../../domain/storage/file-storage.ts';
import { requireAccess } from '../shared/require-access.ts';
import { loadJob, type JobDeps } from './job-deps.ts';

export interface SignOffDocumentDeps {
  files: FileStorage;
  employees: EmployeeDirectory;
  signOffPdf: SignOffPdf;
  company: { name: string; address: string; phone: string; email: string };
  locale: string;
  timeZone: string;
}

/** A job's technicians by id → first name (as the customer knows them). */
export async function technicianNames(deps: Pick<SignOffDocumentDeps, 'employees'>, jobs: readonly Job[]): Promise<Map<string, string>> {
  const ids = [...new Set(jobs.flatMap((j) => j.assignees))];
  const records = await Promise.all(ids.map((id) => deps.employees.get(id)));
  return new Map(records.flatMap((r) => (r ? [[r.id, r.name.trim().split(/\s+/)[0] ?? '']] : [])));
}

/**
 * The sign-off PDF of a completed job (the caller checked it): the hub's and the office's download,
 * and the completed-job mail's attachment, where a job finished without a signature says so.
 */
export async function renderSignOffDocument(deps: SignOffDocumentDeps, job: Job): Promise<{ bytes: Uint8Array; fileName: string }> {
  const signature = job.signOff
    ? await deps.files
        .download(job.signOff.signaturePath)
        .then((file) => readAllBytes(file.body))
        .catch(() => null) // the PDF still says who signed and when
    : null;
  const names = await technicianNames(deps, [job]);
  const technicians = job.assignees.map((a) => names.get(a)).filter((n): n is string => !!n);
  const bytes = await deps.signOffPdf.render(job, signature, deps.company, { locale: deps.locale, timeZone: deps.timeZone }, technicians);
  return { bytes, fileName: `${job.number}-sign-off.pdf` };
}

/** The office's copy of a completed job's sign-off PDF, for staff who may view jobs. */
export async function jobSignOffPdf(deps: JobDeps & SignOffDocumentDeps, auth: AuthState, id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  requireAccess(auth, 'viewJobs');
  const job = await loadJob(deps, id);
  if (!hasSignOffDocument(job))
    throw new DomainError('not-found', job.signOff === null ? `${job.number} has no customer sign-off.` : `${job.number} is ${job.status}; its sign-off PDF is made once it is completed.`);
  return renderSignOffDocument(deps, job);
}
