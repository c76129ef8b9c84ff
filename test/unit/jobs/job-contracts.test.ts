import { describe, expect, it } from 'vitest';
import { JOB_SORT_VALUES, JOB_STATUS_VALUES, JOB_TYPE_LABELS, JOB_TYPE_VALUES, createJobSchema, scheduleSchema } from '../../../src/contracts/jobs.ts';
import { JOB_STATUSES, JOB_TYPES } from '../../../src/domain/jobs/job.ts';
import { JOB_SORTS } from '../../../src/domain/jobs/job-repository.ts';

describe('job contracts', () => {
  it('restate the domain lists exactly', () => {
    expect([...JOB_TYPE_VALUES]).toEqual([...JOB_TYPES]);
    expect([...JOB_STATUS_VALUES]).toEqual([...JOB_STATUSES]);
    expect([...JOB_SORT_VALUES]).toEqual([...JOB_SORTS]);
    expect(Object.keys(JOB_TYPE_LABELS)).toEqual([...JOB_TYPES]);
  });

  it('a new job needs a site, a known type and a title; checklist lines are trimmed', () => {
    const bad = createJobSchema.safeParse({ clientId: 'c', siteId: '', type: 'demolition', title: ' ' });
    expect(bad.success).toBe(false);
    expect(Object.keys(bad.error!.flatten().fieldErrors).sort()).toEqual(['siteId', 'title', 'type']);
    const ok = createJobSchema.parse({ clientId: 'c', siteId: 's', type: 'install', title: 'Alarm', checklist: ['  Mount panel '] });
    expect(ok).toMatchObject({ checklist: ['Mount panel'], notes: '', proposalId: null });
  });

  it('a schedule window takes ISO date-times only', () => {
    expect(scheduleSchema.safeParse({ window: { start: 'tomorrow', end: '2026-11-24T10:00:00Z' } }).success).toBe(false);
    expect(scheduleSchema.safeParse({ window: { start: '2026-11-24T09:00:00Z', end: '2026-11-24T10:00:00Z' }, assignees: ['emp-maria'] }).success).toBe(true);
    expect(scheduleSchema.safeParse({ window: null }).success).toBe(true);
  });
});
