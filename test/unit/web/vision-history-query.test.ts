import { describe, expect, it } from 'vitest';
import { historyQueryString } from '../../../web/src/features/vision/vision-api.ts';

describe('vision history query string', () => {
  it('sends trimmed filters, local days as ISO instants (to = exclusive next midnight) and the cursor', () => {
    const q = new URLSearchParams(historyQueryString({ clientId: ' c-1 ', siteId: '  ', label: 'person', fromDate: '2026-03-01', toDate: '2026-03-31' }, 'abc'));
    expect(q.get('clientId')).toBe('c-1');
    expect(q.has('siteId')).toBe(false);
    expect(q.get('label')).toBe('person');
    expect(q.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(q.get('to')).toBe(new Date(2026, 3, 1).toISOString());
    expect(q.get('cursor')).toBe('abc');
    expect(Number(q.get('limit'))).toBeGreaterThan(0);
  });

  it('leaves out what is not set', () => {
    expect([...new URLSearchParams(historyQueryString({}, null)).keys()]).toEqual(['limit']);
  });
});
