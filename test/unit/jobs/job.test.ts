import { describe, expect, it } from 'vitest';
import {
  addChecklistItem,
  addMaterial,
  checkWindow,
  formatJobNumber,
  JOB_STATUSES,
  JOB_TRANSITIONS,
  jobTerms,
  requireTrimOutAllowed,
  scheduleJob,
  signOffJob,
  tickChecklistItem,
  transitionJob,
  updateDetails,
  type JobStatus,
} from '../../../src/domain/jobs/job.ts';
import { isDomainError, type DomainError } from '../../../src/domain/shared/domain-error.ts';
import { aJob, AT, window } from './job-factories.ts';

const LATER = '2026-11-23T11:00:00.000Z';
const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return isDomainError(e) ? e.code : 'other';
  }
};

describe('job numbers', () => {
  it.each([
    [1, 'JOB-0001'],
    [42, 'JOB-0042'],
    [9999, 'JOB-9999'],
    [10000, 'JOB-10000'],
  ])('sequence %i is %s', (seq, number) => {
    expect(formatJobNumber(seq)).toBe(number);
  });
});

describe('status transitions', () => {
  const ready = (status: JobStatus) => aJob({ status, ...{ scheduledStart: window(9, 2).start, scheduledEnd: window(9, 2).end } }, { type: 'service' });
  const pairs = JOB_STATUSES.flatMap((from) => JOB_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));

  it.each(pairs)('%s → %s follows the table', (from, to) => {
    const allowed = JOB_TRANSITIONS[from].includes(to);
    const code = codeOf(() => transitionJob(ready(from), { to, at: LATER }));
    expect(code).toBe(allowed ? null : 'conflict');
  });

  it('a refused transition says what the job can become', () => {
    expect(() => transitionJob(ready('unscheduled'), { to: 'completed', at: LATER })).toThrow(/cannot become completed \(it can become: scheduled, cancelled\)/);
  });

  it('completed and cancelled are final', () => {
    expect(JOB_TRANSITIONS.completed).toEqual([]);
    expect(JOB_TRANSITIONS.cancelled).toEqual([]);
    expect(() => transitionJob(ready('completed'), { to: 'in-progress', at: LATER })).toThrow(/final/);
  });

  it('scheduling needs a window', () => {
    expect(() => transitionJob(aJob(), { to: 'scheduled', at: LATER })).toThrow(/schedule window/);
  });

  it('an install cannot be completed without the customer sign-off; a service visit can', () => {
    const w = window(9, 2);
    const install = aJob({ status: 'in-progress', scheduledStart: w.start, scheduledEnd: w.end }, { type: 'install' });
    expect(() => transitionJob(install, { to: 'completed', at: LATER })).toThrow(/sign-off/);
    const signed = signOffJob(install, { name: 'Ada Smith', signaturePath: 'job-signatures/x', at: LATER, recordedBy: 'Maria' });
    expect(transitionJob(signed, { to: 'completed', at: LATER }).status).toBe('completed');
    const service = aJob({ status: 'in-progress', scheduledStart: w.start, scheduledEnd: w.end }, { type: 'service' });
    expect(transitionJob(service, { to: 'completed', at: LATER }).status).toBe('completed');
  });

  it('completing with unticked checklist items names them and needs an explicit acknowledgement', () => {
    const w = window(9, 2);
    const item = (text: string, done: boolean) => ({ id: text, text, done, doneBy: null, doneAt: null });
    const job = aJob({ status: 'in-progress', scheduledStart: w.start, scheduledEnd: w.end, checklist: [item('Mount panel', true), item('Test siren', false), item('Program fobs', false)] }, { type: 'service' });
    let refused: DomainError | null = null;
    try {
      transitionJob(job, { to: 'completed', at: LATER });
    } catch (e) {
      refused = e as DomainError;
    }
    expect(refused?.code).toBe('validation');
    expect(refused?.message).toMatch(/^2 checklist items are not ticked: Test siren, Program fobs\./);
    expect(refused?.fields?.checklist?.[0]).toMatch(/Test siren, Program fobs/);
    expect(transitionJob(job, { to: 'completed', at: LATER, acknowledgeUnticked: true }).status).toBe('completed');
    // Other moves are not asked about the checklist.
    expect(transitionJob(job, { to: 'on-hold', at: LATER }).status).toBe('on-hold');
  });
});

describe('schedule window', () => {
  it('setting a window schedules an unscheduled job; clearing it unschedules', () => {
    const job = scheduleJob(aJob(), window(9, 3), LATER);
    expect(job).toMatchObject({ status: 'scheduled', scheduledStart: window(9, 3).start, scheduledEnd: window(9, 3).end });
    expect(scheduleJob(job, null, LATER)).toMatchObject({ status: 'unscheduled', scheduledStart: null, scheduledEnd: null });
  });

  it.each([
    [{ start: '2026-11-24T10:00:00Z', end: '2026-11-24T10:00:00Z' }, /after the start/],
    [{ start: '2026-11-24T10:00:00Z', end: '2026-11-24T09:00:00Z' }, /after the start/],
    [{ start: 'soon', end: '2026-11-24T09:00:00Z' }, /start is not a valid/],
    [{ start: '2026-11-01T10:00:00Z', end: '2026-11-20T10:00:00Z' }, /14 days/],
  ])('refuses %o', (w, message) => {
    expect(() => checkWindow(w)).toThrow(message);
  });

  it('refuses a start with a mistyped year at the start field, in the local date format', () => {
    const err = (() => {
      try {
        scheduleJob(aJob(), { start: '1926-11-24T15:00:00Z', end: '1926-11-24T17:00:00Z' }, LATER);
      } catch (e) {
        return e as DomainError;
      }
      throw new Error('accepted');
    })();
    expect(err.fields).toEqual({ scheduledStart: ['Start: Nov 24, 1926 is more than 2 years ago. Check the year.'] });
    expect(() => scheduleJob(aJob(), { start: '2206-11-24T15:00:00Z', end: '2206-11-24T17:00:00Z' }, LATER)).toThrow('more than 2 years ahead');
    expect(scheduleJob(aJob(), { start: '2027-01-05T15:00:00Z', end: '2027-01-05T17:00:00Z' }, LATER).status).toBe('scheduled');
  });
});

describe('checklist, materials, details', () => {
  it('ticking records who and when; unticking clears them', () => {
    const job = addChecklistItem(aJob(), 'c1', '  Test sirens ', AT);
    expect(job.checklist).toEqual([{ id: 'c1', text: 'Test sirens', done: false, doneBy: null, doneAt: null }]);
    const ticked = tickChecklistItem(job, 'c1', true, 'Maria Lopez', LATER);
    expect(ticked.checklist[0]).toMatchObject({ done: true, doneBy: 'Maria Lopez', doneAt: LATER });
    expect(tickChecklistItem(ticked, 'c1', false, 'Maria Lopez', LATER).checklist[0]).toMatchObject({ done: false, doneBy: null, doneAt: null });
    expect(codeOf(() => tickChecklistItem(job, 'nope', true, 'x', LATER))).toBe('not-found');
  });

  it('materials are refused on an unscheduled or final job', () => {
    const m = { movementId: 'm', itemId: 'i', sku: 'S', name: 'n', quantity: 1, serials: [], at: LATER, by: 'x' };
    expect(codeOf(() => addMaterial(aJob(), m))).toBe('conflict');
    expect(codeOf(() => addMaterial(aJob({ status: 'completed' }), m))).toBe('conflict');
    expect(addMaterial(aJob({ status: 'in-progress' }), m).materials).toHaveLength(1);
  });

  it('renaming refreshes the search words (folded; searches match them by prefix)', () => {
    const job = updateDetails(aJob(), { title: 'Caméra upgrade' }, LATER);
    expect(job.terms).toEqual(expect.arrayContaining(['camera', 'upgrade', 'ada', 'smith', 'elm']));
    expect(job.terms).not.toContain('cam');
    expect(jobTerms(job)).toContain(job.number.toLowerCase().replace('-', ''));
  });

  it('only an uncancelled prewire without one gets a trim-out', () => {
    expect(codeOf(() => requireTrimOutAllowed(aJob({}, { type: 'prewire' })))).toBeNull();
    expect(codeOf(() => requireTrimOutAllowed(aJob({}, { type: 'install' })))).toBe('conflict');
    expect(codeOf(() => requireTrimOutAllowed(aJob({ trimOutJobId: 'j' }, { type: 'prewire' })))).toBe('conflict');
  });
});
