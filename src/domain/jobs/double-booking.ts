/**
 * Double-booking: an employee assigned to two jobs whose windows overlap. It is a warning, not
 * an error — a quick service call inside a long install can be deliberate — so the office sees
 * who clashes with what and decides.
 */
import { ACTIVE_STATUSES, type Job } from './job.ts';

export interface BookingWarning {
  employeeId: string;
  jobId: string;
  number: string;
  title: string;
  start: string;
  end: string;
}

/** Half-open windows [start, end): back-to-back jobs do not overlap. */
export function windowsOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

type Booked = Pick<Job, 'id' | 'number' | 'title' | 'status' | 'assignees' | 'scheduledStart' | 'scheduledEnd'>;

/** The other active jobs of each assignee whose window overlaps `job`'s, one warning per pair. */
export function findDoubleBookings(job: Booked, others: readonly Booked[]): BookingWarning[] {
  if (job.scheduledStart === null || job.scheduledEnd === null) return [];
  const window = { start: job.scheduledStart, end: job.scheduledEnd };
  const out: BookingWarning[] = [];
  for (const employeeId of job.assignees)
    for (const o of others) {
      if (o.id === job.id || !ACTIVE_STATUSES.includes(o.status) || !o.assignees.includes(employeeId)) continue;
      if (o.scheduledStart === null || o.scheduledEnd === null) continue;
      if (!windowsOverlap(window, { start: o.scheduledStart, end: o.scheduledEnd })) continue;
      out.push({ employeeId, jobId: o.id, number: o.number, title: o.title, start: o.scheduledStart, end: o.scheduledEnd });
    }
  return out;
}
