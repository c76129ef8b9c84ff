/**
 * How other features (proposals accepted, prewire follow-ups) open a job. The jobs feature
 * implements it (numbering JOB-NNNN, status rules, audit).
 */
import type { Actor } from '../audit/audit-entry.ts';

export const JOB_TYPES = ['install', 'prewire', 'trim-out', 'service', 'inspection', 'consultation', 'panel-upgrade'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export interface NewJobInput {
  clientId: string;
  siteId: string;
  type: JobType;
  title: string;
  notes?: string;
  checklist?: string[];
  /** The accepted proposal the job carries out, when there is one. */
  proposalId?: string | null;
}

export interface CreatedJob {
  id: string;
  number: string;
}

export interface JobCreator {
  /** Opens an unscheduled job with the next JOB-NNNN number. */
  createJob(input: NewJobInput, actor: Actor): Promise<CreatedJob>;
}
