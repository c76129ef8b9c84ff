import { describe, expect, it } from 'vitest';
import { auditReferences, fieldReferences, referenceKind } from '../../../src/domain/audit/references.ts';

describe('audit references (src/domain/audit/references.ts)', () => {
  it('knows which fields hold which kind of id, and which hold plain values', () => {
    expect(referenceKind('assignees')).toBe('employee');
    expect(referenceKind('jobId')).toBe('job');
    expect(referenceKind('siteId')).toBe('site');
    expect(referenceKind('clientId')).toBe('client');
    expect(referenceKind('trimOutJobId')).toBe('job');
    expect(referenceKind('movementId')).toBeNull();
    expect(referenceKind('name')).toBeNull();
  });

  it('collects every referenced id once, lists split', () => {
    const refs = auditReferences([
      { changes: [{ field: 'assignees', from: 'emp-a', to: 'emp-a,emp-b' }] },
      { changes: [{ field: 'jobId', from: null, to: 'job-1' }, { field: 'name', from: 'x', to: 'y' }] },
    ]);
    expect(refs).toEqual([
      { kind: 'employee', id: 'emp-a' },
      { kind: 'employee', id: 'emp-b' },
      { kind: 'job', id: 'job-1' },
    ]);
    expect(fieldReferences([{ jobId: 'job-1', siteId: null }, { jobId: 'job-1', siteId: 's-1' }], ['jobId', 'siteId'])).toEqual([
      { kind: 'job', id: 'job-1' },
      { kind: 'site', id: 's-1' },
    ]);
  });
});
