import { describe, expect, it } from 'vitest';
import { jobHeaderLine } from '../../../web/src/features/jobs/job-format.ts';
import { joinParts } from '#ui/join-parts.ts';

describe('headers never join empty parts', () => {
  it('a job without a client name reads "Service", not "Service ·"', () => {
    expect(jobHeaderLine({ type: 'service', clientName: '' })).toBe('Service');
    expect(jobHeaderLine({ type: 'service', clientName: null })).toBe('Service');
    expect(jobHeaderLine({ type: 'install', clientName: 'Grace Lin' })).toBe('Install · Grace Lin');
  });

  it('joins only the parts with text', () => {
    expect(joinParts(['P-0007', '  ', null, undefined, false, 'Cameras'])).toBe('P-0007 · Cameras');
    expect(joinParts(['P-0007', ''])).toBe('P-0007');
  });
});
