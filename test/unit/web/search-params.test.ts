import { describe, expect, it } from 'vitest';
import { parseSearch } from '#lib/search-params.ts';

describe('back-office URL search parsing', () => {
  const rules = { q: 10, status: ['open', 'done'], low: 'flag', week: /^\d{4}-\d{2}-\d{2}$/ } as const;

  it('keeps what the rules allow', () => {
    expect(parseSearch({ q: 'oak', status: 'done', low: 'true', week: '2026-11-23' }, rules)).toEqual({ q: 'oak', status: 'done', low: true, week: '2026-11-23' });
    expect(parseSearch({ low: true }, rules)).toEqual({ low: true });
  });

  it('drops unknown keys, values outside a list, too-long or empty text, wrong types and bad patterns', () => {
    expect(parseSearch({ q: 'x'.repeat(11), status: 'constructor', low: 'yes', week: '23/11/2026', other: 'z' }, rules)).toEqual({});
    expect(parseSearch({ q: '', status: ['open'], week: 20261123 }, rules)).toEqual({});
  });
});
