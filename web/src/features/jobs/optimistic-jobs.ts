import type { BoardResponse, CalendarResponse, ChecklistChangeRequest, JobDto, JobListResponse, JobViewResponse, MyJobsResponse } from '#contracts/jobs.ts';
import { statusLabel } from './job-format.ts';

/**
 * How a one-click change of a job (a checklist tick, a status move) shows at once in every
 * cached copy of the job: its drawer, the board, the list, the calendar, an employee's
 * dashboard (`useOptimisticChange` in #lib/queries/optimistic.ts does the rest).
 */

type JobLike = { id: string; status: string };

/** The job with checklist item `itemId` ticked or unticked (who and when come with the server's answer). */
export const withTick = <J extends JobDto>(job: J, itemId: string, done: boolean): J => ({
  ...job,
  checklist: job.checklist.map((c) => (c.id === itemId ? { ...c, done, doneBy: done ? c.doneBy : null, doneAt: done ? c.doneAt : null } : c)),
});

/** The board with job `id` moved to the `status` column (at the top). */
export function boardWithStatus(board: BoardResponse, id: string, status: string): BoardResponse {
  const card = board.columns.flatMap((c) => c.jobs).find((j) => j.id === id);
  if (!card || !board.columns.some((c) => c.status === status)) return board;
  const moved = { ...card, status: status as typeof card.status };
  return { ...board, columns: board.columns.map((c) => ({ ...c, jobs: c.status === status ? [moved, ...c.jobs.filter((j) => j.id !== id)] : c.jobs.filter((j) => j.id !== id) })) };
}

/** Applies `patch` to job `id` wherever a cached job answer holds it (the shapes of the job queries). */
export function patchCachedJob(data: unknown, id: string, patch: <J extends JobLike>(job: J) => J, status?: string): unknown {
  if (!data || typeof data !== 'object') return data;
  const each = <J extends JobLike>(jobs: readonly J[]) => jobs.map((j) => (j.id === id ? patch(j) : j));
  if ('columns' in data) return status ? boardWithStatus(data as BoardResponse, id, status) : data;
  if ('job' in data) {
    const view = data as JobViewResponse;
    return view.job.id === id ? { ...view, job: patch(view.job) } : view;
  }
  if ('today' in data) {
    const mine = data as MyJobsResponse;
    return { ...mine, today: each(mine.today), upcoming: each(mine.upcoming) };
  }
  if ('jobs' in data) return { ...(data as JobListResponse | CalendarResponse), jobs: each((data as JobListResponse).jobs) };
  return data;
}

/** The checklist tick as a patch of any copy of the job. */
export const tickPatch =
  (itemId: string, done: boolean) =>
  <J extends JobLike>(job: J): J =>
    'checklist' in job ? (withTick(job as unknown as JobDto, itemId, done) as unknown as J) : job;

/** A person's words for a checklist change that failed. */
export function checklistWhat(change: ChecklistChangeRequest, text: string | undefined): string {
  const item = text ? `“${text}”` : 'The checklist item';
  if (change.action === 'tick') return `${item} was not ${change.done ? 'ticked' : 'unticked'}`;
  if (change.action === 'add') return `${item} was not added`;
  return `${item} was not removed`;
}

export const transitionWhat = (status: string, number: string | undefined) => `${number ?? 'The job'} was not moved to ${statusLabel(status)}`;

/** The server's job in place of the guess, in the full-job copies (drawer, dashboard); the others reload. */
export const withServerJob = (job: JobDto) => (data: unknown) =>
  data && typeof data === 'object' && ('job' in data || 'today' in data) ? patchCachedJob(data, job.id, <J extends JobLike>(j: J) => ({ ...j, ...job })) : data;
