import type { DocumentStore, Transaction, UpdatePatch } from '../../domain/persistence/document-store.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import { orderBy, where, type Filter } from '../../domain/persistence/query.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { jobTerms, type Job } from '../../domain/jobs/job.ts';
import type { JobPage, JobQuery, JobRepository, NewJobBuilder } from '../../domain/jobs/job-repository.ts';
import { QueuedTransactions } from './queued-transactions.ts';

export const JOBS = 'jobs';
/** One small document per (job, assignee): employee-scoped queries read these, not the jobs' arrays. */
export const JOB_ASSIGNMENTS = 'job_assignments';
const COUNTERS = 'counters';
const JOB_COUNTER = 'jobs';

export const jobToDoc = (j: Job): DocumentData => {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = j;
  return JSON.parse(JSON.stringify(rest)) as DocumentData;
};

// Jobs stored before "On my way" was kept on the job read as not told yet.
const toJob = (d: StoredDocument<DocumentData>): Job => ({ onMyWay: null, ...d }) as unknown as Job;

/** A stored job's fields after its client was renamed: the name and the search terms made from it. */
export const jobClientNamePatch = (d: StoredDocument<DocumentData>, clientName: string): UpdatePatch => ({ clientName, terms: jobTerms({ ...toJob(d), clientName }) });

type AssignmentDoc = { jobId: string; employeeId: string; status: string; type: string; scheduledStart: string | null };

export const assignmentId = (jobId: string, employeeId: string): string => `${jobId}:${employeeId}`;

export function assignmentDocs(j: Job): { id: string; doc: AssignmentDoc }[] {
  return j.assignees.map((employeeId) => ({
    id: assignmentId(j.id, employeeId),
    doc: { jobId: j.id, employeeId, status: j.status, type: j.type, scheduledStart: j.scheduledStart },
  }));
}

/** Writes the assignment index of `next` (and removes what `before` had and `next` has not) in the same transaction. */
function writeAssignments(tx: Transaction, before: Job | null, next: Job): void {
  for (const employeeId of before?.assignees ?? []) if (!next.assignees.includes(employeeId)) tx.delete(JOB_ASSIGNMENTS, assignmentId(next.id, employeeId));
  for (const a of assignmentDocs(next)) tx.set(JOB_ASSIGNMENTS, a.id, a.doc);
}

const SORT_FIELD: Record<JobQuery['sort'], string> = { number: 'seq', scheduledStart: 'scheduledStart', createdAt: 'createdAt', updatedAt: 'updatedAt' };

const notFound = () => new DomainError('not-found', 'No such job.');

/**
 * Jobs on the document store (collection `jobs`, read by the client page through
 * document-client-relations.ts: number, status, type, title, siteId, clientId, createdAt).
 * Numbers come from the `counters/jobs` document, read and advanced in the transaction that
 * writes the job: concurrent creations serialise on that document, so numbers are gapless and
 * distinct even across processes. Within this process creations and updates of one job also
 * queue (KeyedLock), so bursts do not spend their transaction retries colliding.
 */
export class DocumentJobRepository implements JobRepository {
  private readonly store: DocumentStore;
  private readonly transactions: QueuedTransactions;

  constructor(store: DocumentStore, options: { maxAttempts?: number } = {}) {
    this.store = store;
    this.transactions = new QueuedTransactions(store, options.maxAttempts ?? 25);
  }

  async create(build: NewJobBuilder, link?: { parentId: string; change: (parent: Job, child: Job) => Job }): Promise<Job> {
    const id = await this.transactions.run('counter', async (tx) => {
      const counter = await tx.get<{ value: number }>(COUNTERS, JOB_COUNTER);
      const parentDoc = link ? await tx.get(JOBS, link.parentId) : null;
      if (link && !parentDoc) throw notFound();
      const seq = (counter?.value ?? 0) + 1;
      const job = build(seq);
      tx.set(COUNTERS, JOB_COUNTER, { value: seq });
      tx.create(JOBS, job.id, jobToDoc(job));
      writeAssignments(tx, null, job);
      if (link && parentDoc) {
        const before = toJob(parentDoc);
        const parent = link.change(before, job);
        tx.set(JOBS, parent.id, jobToDoc(parent));
        writeAssignments(tx, before, parent);
      }
      return job.id;
    });
    const stored = await this.get(id);
    if (!stored) throw notFound();
    return stored;
  }

  async get(id: string): Promise<Job | null> {
    const d = await this.store.collection(JOBS).get(id);
    return d ? toJob(d) : null;
  }

  async update(id: string, change: (current: Job) => Job): Promise<{ before: Job; after: Job }> {
    const before = await this.transactions.run(`job:${id}`, async (tx) => {
      const d = await tx.get(JOBS, id);
      if (!d) throw notFound();
      const current = toJob(d);
      const next = change(current);
      tx.set(JOBS, id, jobToDoc(next));
      writeAssignments(tx, current, next);
      return current;
    });
    const after = await this.get(id);
    if (!after) throw notFound();
    return { before, after };
  }

  async list(q: JobQuery): Promise<JobPage> {
    if (q.employeeId && q.sort === 'scheduledStart' && q.words.length === 0 && !q.clientId) return this.listByAssignment(q, q.employeeId);
    const filters: Filter[] = [];
    if (q.status) filters.push(where('status', '==', q.status));
    if (q.type) filters.push(where('type', '==', q.type));
    if (q.clientId) filters.push(where('clientId', '==', q.clientId));
    if (q.employeeId) filters.push(where('assignees', 'array-contains', q.employeeId));
    if (q.from) filters.push(where('scheduledStart', '>=', q.from));
    if (q.to) filters.push(where('scheduledStart', '<', q.to));
    // Each word prefixes one of the job's words; served by the term index on `terms` (collection-indexes.ts).
    for (const w of q.words.slice(0, 3)) filters.push(where('terms', 'array-contains-prefix', w.slice(0, 40)));
    const page = await this.store.collection(JOBS).query({
      where: filters,
      orderBy: [orderBy(SORT_FIELD[q.sort], q.direction)],
      limit: q.limit,
      ...(q.cursor ? { startAfter: q.cursor } : {}),
    });
    return { jobs: page.docs.map(toJob), nextCursor: page.nextCursor };
  }

  async scheduledBetween(from: string, to: string, options: { employeeId: string | null; limit: number; direction?: 'asc' | 'desc' }): Promise<Job[]> {
    if (options.employeeId) {
      const page = await this.listByAssignment(
        { status: null, type: null, from, to, direction: options.direction ?? 'asc', limit: options.limit, cursor: null },
        options.employeeId,
      );
      return page.jobs;
    }
    const filters: Filter[] = [where('scheduledStart', '>=', from), where('scheduledStart', '<', to)];
    const page = await this.store.collection(JOBS).query({ where: filters, orderBy: [orderBy('scheduledStart', options.direction ?? 'asc')], limit: options.limit });
    return page.docs.map(toJob);
  }

  /**
   * One employee's jobs in schedule order, through the assignment index: its documents are small
   * and indexed by (employeeId, status, scheduledStart), where the jobs' assignee arrays would have
   * to be unpacked row by row. The jobs are then read by id.
   */
  private async listByAssignment(q: Pick<JobQuery, 'status' | 'type' | 'from' | 'to' | 'direction' | 'limit' | 'cursor'>, employeeId: string): Promise<JobPage> {
    const filters: Filter[] = [where('employeeId', '==', employeeId)];
    if (q.status) filters.push(where('status', '==', q.status));
    if (q.type) filters.push(where('type', '==', q.type));
    if (q.from) filters.push(where('scheduledStart', '>=', q.from));
    if (q.to) filters.push(where('scheduledStart', '<', q.to));
    const page = await this.store.collection<AssignmentDoc>(JOB_ASSIGNMENTS).query({
      where: filters,
      orderBy: [orderBy('scheduledStart', q.direction)],
      limit: q.limit,
      ...(q.cursor ? { startAfter: q.cursor } : {}),
    });
    const jobs = await Promise.all(page.docs.map((a) => this.get(a.jobId)));
    return { jobs: jobs.filter((j): j is Job => j !== null), nextCursor: page.nextCursor };
  }
}
