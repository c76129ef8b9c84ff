import type { Job, JobStatus, JobType } from './job.ts';

export const JOB_SORTS = ['number', 'scheduledStart', 'createdAt', 'updatedAt'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

export interface JobQuery {
  status: JobStatus | null;
  type: JobType | null;
  employeeId: string | null;
  clientId: string | null;
  /** Scheduled start in [from, to); either end may be open. */
  from: string | null;
  to: string | null;
  /** Folded words; a job matches when each is a prefix of one of its words. */
  words: string[];
  sort: JobSort;
  direction: 'asc' | 'desc';
  limit: number;
  cursor: string | null;
}

export interface JobPage {
  jobs: Job[];
  nextCursor: string | null;
}

export type NewJobBuilder = (seq: number) => Job;

/**
 * Jobs on a store. `create` takes the next number from a gapless counter and writes the job in the
 * same atomic step, so concurrent creations get distinct consecutive numbers and a failed one
 * uses none. `update` re-reads the job and re-runs `change` when a concurrent write got there first.
 */
export interface JobRepository {
  create(build: NewJobBuilder, link?: { parentId: string; change: (parent: Job, child: Job) => Job }): Promise<Job>;
  get(id: string): Promise<Job | null>;
  update(id: string, change: (current: Job) => Job): Promise<{ before: Job; after: Job }>;
  list(q: JobQuery): Promise<JobPage>;
  /** Jobs whose scheduled start is in [from, to), in start order (latest first with 'desc'); optionally one employee's. */
  scheduledBetween(from: string, to: string, options: { employeeId: string | null; limit: number; direction?: 'asc' | 'desc' }): Promise<Job[]>;
}
