import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { dateKey } from '../../domain/shared/calendar-date.ts';
import { searchWords } from '../../domain/shared/search.ts';
import { ACTIVE_STATUSES, JOB_STATUSES, JOB_WORDS, MAX_WINDOW_MS, visitDays, type Job, type JobStatus, type JobType } from '../../domain/jobs/job.ts';
import type { JobPage, JobQuery, JobSort } from '../../domain/jobs/job-repository.ts';
import { doubleBookedIds } from '../../domain/jobs/double-booking.ts';
import { withClientPhone, type JobDeps } from './job-deps.ts';
import { requireAccess, STAFF } from '../shared/require-access.ts';

/** The repository's filters, with the search as typed (folded into words here). */
export type JobFilters = Pick<JobQuery, 'status' | 'type' | 'employeeId' | 'clientId' | 'from' | 'to'> & { text: string };

export async function listJobs(
  deps: JobDeps,
  auth: AuthState,
  f: JobFilters & { sort: JobSort; direction: 'asc' | 'desc'; limit: number; cursor: string | null },
): Promise<JobPage> {
  requireAccess(auth, 'viewJobs');
  return deps.jobs.list({ ...f, words: searchWords(f.text, JOB_WORDS) });
}

export const BOARD_COLUMN_LIMIT = 25;
/** The board's Completed and Cancelled columns show jobs scheduled in the last this-many days. */
export const FINISHED_DAYS = 90;

export interface BoardColumn {
  status: JobStatus;
  jobs: Job[];
  /** More jobs than shown: narrow the filters or use the list. */
  more: boolean;
}

/**
 * The board: one column per status, BOARD_COLUMN_LIMIT cards each. A date range
 * applies to scheduled work; unscheduled jobs have no date and always show; finished jobs show
 * for FINISHED_DAYS.
 */
export async function jobBoard(deps: JobDeps, auth: AuthState, f: Omit<JobFilters, 'status'>): Promise<BoardColumn[]> {
  requireAccess(auth, 'viewJobs');
  const words = searchWords(f.text, JOB_WORDS);
  const recent = new Date(deps.clock.now().getTime() - FINISHED_DAYS * 86_400_000).toISOString();
  const finishedFrom = f.from !== null && f.from > recent ? f.from : recent;
  return Promise.all(
    JOB_STATUSES.map(async (status) => {
      const finished = status === 'completed' || status === 'cancelled';
      const page = await deps.jobs.list({
        ...f,
        ...(status === 'unscheduled' ? { from: null, to: null } : {}),
        // Finished work: the recent past only (older jobs are in the list), which also bounds a search.
        ...(finished ? { from: finishedFrom } : {}),
        status,
        words,
        sort: 'scheduledStart',
        // Open work soonest first; finished work most recent first.
        direction: finished ? 'desc' : 'asc',
        limit: BOARD_COLUMN_LIMIT + 1,
        cursor: null,
      });
      return { status, jobs: page.jobs.slice(0, BOARD_COLUMN_LIMIT), more: page.jobs.length > BOARD_COLUMN_LIMIT };
    }),
  );
}

const overlaps = (j: Job, from: number, to: number) =>
  j.scheduledStart !== null && j.scheduledEnd !== null && Date.parse(j.scheduledStart) < to && Date.parse(j.scheduledEnd) > from;

/** The jobs with a part in the range, and which of them are double-booked (an assignee on another active job at the same time). */
export interface JobCalendar {
  jobs: Job[];
  doubleBooked: string[];
}

/** Jobs whose window touches [from, to) (a week of the calendar), optionally one employee's and one type. */
export async function jobCalendar(deps: JobDeps, auth: AuthState, q: { from: string; to: string; employeeId: string | null; type: JobType | null }): Promise<JobCalendar> {
  requireAccess(auth, 'viewJobs');
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from || to - from > 42 * 86_400_000)
    throw new DomainError('validation', 'Pick a range of at most six weeks.', { to: ['Invalid range.'] });
  // Jobs starting in the range, then those that started before it (latest first) and run into it.
  const [inside, before] = await Promise.all([
    deps.jobs.scheduledBetween(new Date(from).toISOString(), new Date(to).toISOString(), { employeeId: q.employeeId, limit: 1000 }),
    deps.jobs.scheduledBetween(new Date(from - MAX_WINDOW_MS).toISOString(), new Date(from).toISOString(), { employeeId: q.employeeId, limit: 300, direction: 'desc' }),
  ]);
  const range = [...before.reverse(), ...inside].filter((j) => overlaps(j, from, to));
  const jobs = range.filter((j) => q.type === null || j.type === q.type);
  // Clashes are looked for in the whole range: the other job may be of a type the filter hides.
  const clashing = doubleBookedIds(range);
  return { jobs, doubleBooked: jobs.filter((j) => clashing.has(j.id)).map((j) => j.id) };
}

/** A job on the employee's dashboard: with the customer's phone, to call from the card. */
export type MyJob = Job & { clientPhone: string | null };

export interface MyJobs {
  today: MyJob[];
  upcoming: MyJob[];
  /** The day "today" is, in the company time zone. */
  day: string;
}

/**
 * The signed-in employee's work: today's jobs (window touching today, company time zone, or in
 * progress; those completed today stay, as done) and the next ones. Admins without an employee
 * record have none.
 */
export async function myJobs(deps: JobDeps, auth: AuthState): Promise<MyJobs> {
  requireAccess(auth, STAFF);
  const now = deps.clock.now();
  const day = dateKey(now, deps.timeZone);
  if (auth.kind !== 'employee') return { today: [], upcoming: [], day };
  const from = new Date(now.getTime() - MAX_WINDOW_MS - 86_400_000).toISOString();
  const to = new Date(now.getTime() + 60 * 86_400_000).toISOString();
  const jobs = await deps.jobs.scheduledBetween(from, to, { employeeId: auth.employee.id, limit: 300 });
  const today: Job[] = [];
  const upcoming: Job[] = [];
  for (const j of jobs) {
    const days = visitDays(j, deps.timeZone);
    if (days === null) continue;
    const onToday = days.first <= day && days.last >= day;
    // A visit finished today stays under Today, marked done, so the day reads as what was done and what is left.
    if (j.status === 'completed' && (onToday || dateKey(new Date(j.updatedAt), deps.timeZone) === day)) today.push(j);
    if (!ACTIVE_STATUSES.includes(j.status)) continue;
    if (j.status === 'in-progress' || onToday) today.push(j);
    else if (days.first > day) upcoming.push(j);
  }
  const phoned = (list: Job[]) => Promise.all(list.map((j) => withClientPhone(deps, j)));
  return { today: await phoned(today), upcoming: await phoned(upcoming.slice(0, 20)), day };
}
