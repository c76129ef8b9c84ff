import { newJob, type Job, type NewJob } from '../../../src/domain/jobs/job.ts';

let n = 0;
export const AT = '2026-11-23T10:00:00.000Z';

export function newJobInput(overrides: Partial<NewJob> = {}): NewJob {
  n += 1;
  return {
    id: `job-${n}`,
    seq: n,
    clientId: 'client-1',
    clientName: 'Ada Smith',
    siteId: 'site-1',
    siteLabel: 'Home',
    siteAddress: '12 Elm Street, Springfield',
    geo: null,
    type: 'install',
    title: `Alarm install ${n}`,
    notes: '',
    checklist: [],
    proposalId: null,
    parentJobId: null,
    at: AT,
    ...overrides,
  };
}

/** A job as stored, with any fields overridden (status, window, assignees …). */
export function aJob(overrides: Partial<Job> = {}, input: Partial<NewJob> = {}): Job {
  return { ...newJob(newJobInput(input)), ...overrides };
}

export const window = (startHour: number, hours: number, day = '2026-11-24') => {
  const start = new Date(`${day}T00:00:00.000Z`);
  start.setUTCHours(startHour);
  return { start: start.toISOString(), end: new Date(start.getTime() + hours * 3600_000).toISOString() };
};

export const scheduled = (w: { start: string; end: string }, assignees: string[], overrides: Partial<Job> = {}): Job =>
  aJob({ status: 'scheduled', scheduledStart: w.start, scheduledEnd: w.end, assignees, ...overrides });
