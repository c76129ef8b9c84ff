import { describe, expect, it } from 'vitest';
import { setCompanyTimeZone, todayIso } from '../../../web/src/ui/dates.ts';
import { defaultValue } from '../../../web/src/lib/queries/tax.ts';

/**
 * A date box's "today" is the company's calendar day (COMPANY_TIME_ZONE via /api/site), the
 * day the server checks payments and contracts against, not the browser's: at 01:30 UTC on
 * Nov 26 it is still Nov 25 in Chicago.
 */
describe("the SPA's today", () => {
  const lateEvening = new Date('2026-11-26T01:30:00Z');

  it("is the company's day once the site settings name its zone", () => {
    setCompanyTimeZone('America/Chicago');
    expect(todayIso(lateEvening)).toBe('2026-11-25');
    setCompanyTimeZone('Asia/Tokyo');
    expect(todayIso(lateEvening)).toBe('2026-11-26');
  });

  it("falls back to the browser's day for a zone it does not know", () => {
    setCompanyTimeZone('Mars/Olympus');
    expect(todayIso(lateEvening)).toBe(lateEvening.toLocaleDateString('en-CA'));
  });

  it("gives the tax report's default periods from that day", () => {
    setCompanyTimeZone('America/Chicago');
    const today = todayIso(new Date('2027-01-01T03:00:00Z'));
    expect(today).toBe('2026-12-31');
    expect([defaultValue('month', today), defaultValue('quarter', today), defaultValue('year', today), defaultValue('custom', today)]).toEqual([
      '2026-12',
      '2026-Q4',
      '2026',
      '2026-01-01..2026-12-31',
    ]);
  });
});

describe('clock times', () => {
  it('are written as a time of day in the company zone like the other screens (8:26 PM), not 24-hour wall time', async () => {
    const { clockTime } = await import('../../../web/src/features/time/format.ts');
    const shown = clockTime('2026-11-26T02:26:00Z', 'America/Chicago');
    const expected = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' }).format(new Date('2026-11-26T02:26:00Z'));
    expect(shown).toBe(expected);
    expect(shown).toContain('8:26');
  });
});
