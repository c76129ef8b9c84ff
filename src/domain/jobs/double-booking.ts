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

/**
 * The ids of the active jobs among `jobs` that share an assignee with another active job whose
 * window overlaps theirs: the jobs `findDoubleBookings` would warn about, found for a whole week at
 * once (each assignee's jobs sorted by start and swept, not every job against every other).
 */
export function doubleBookedIds(jobs: readonly Booked[]): Set<string> {
  const byEmployee = new Map<string, { id: string; start: number; end: number }[]>();
  for (const j of jobs) {
    if (!ACTIVE_STATUSES.includes(j.status) || j.scheduledStart === null || j.scheduledEnd === null) continue;
    const w = { id: j.id, start: Date.parse(j.scheduledStart), end: Date.parse(j.scheduledEnd) };
    for (const e of j.assignees) {
      const list = byEmployee.get(e);
      if (list) list.push(w);
      else byEmployee.set(e, [w]);
    }
  }
  const out = new Set<string>();
  for (const list of byEmployee.values()) {
    list.sort((a, b) => a.start - b.start);
    // Half-open windows, as windowsOverlap: a job overlaps a later-starting one while that one starts before it ends.
    for (let i = 0; i < list.length; i++)
      for (let k = i + 1; k < list.length && list[k]!.start < list[i]!.end; k++) {
        if (list[k]!.id === list[i]!.id) continue;
        out.add(list[i]!.id);
        out.add(list[k]!.id);
      }
  }
  return out;
}
