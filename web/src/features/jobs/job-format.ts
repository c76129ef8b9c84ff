import { JOB_TYPE_LABELS } from '#contracts/jobs.ts';
import { joinParts } from '#ui/join-parts.ts';
import { STATUS_LABELS, JOB_TRANSITIONS, type JobStatus } from '#domain/jobs/job.ts';

export { STATUS_LABELS, JOB_TRANSITIONS, JOB_TYPE_LABELS };
export type { JobStatus };

export const typeLabel = (t: string): string => JOB_TYPE_LABELS[t as keyof typeof JOB_TYPE_LABELS] ?? t;
export const statusLabel = (s: string): string => STATUS_LABELS[s as JobStatus] ?? s;

/** The job header's line under the title: its type and client, the parts that have text. */
export const jobHeaderLine = (job: { type: string; clientName: string | null }): string => joinParts([typeLabel(job.type), job.clientName]);

export const STATUS_COLOURS: Record<JobStatus, string> = {
  unscheduled: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  scheduled: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  'in-progress': 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  'on-hold': 'bg-purple-100 text-purple-900 dark:bg-purple-900 dark:text-purple-100',
  completed: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** A map link for a job's site: the geo point when known, else the address. */
export function mapLink(job: { siteAddress: string; geo: { latitude: number; longitude: number } | null }): string {
  const q = job.geo ? `${job.geo.latitude},${job.geo.longitude}` : job.siteAddress;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}
