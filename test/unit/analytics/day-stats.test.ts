import { describe, expect, it } from 'vitest';
import { dayIncrements, sumDays, type DayStats } from '../../../src/domain/analytics/day-stats.ts';
import { MAX_REFERRER_KEYS, OTHER_REFERRER } from '../../../src/domain/analytics/page-key.ts';
import { buildPageViewIncrement } from '../../../src/domain/analytics/page-view.ts';
import { initialStats } from '../../../src/domain/analytics/site-stats.ts';

const aDay = (day: string, over: Partial<DayStats> = {}): DayStats => ({
  day, totalVisits: 3, uniqueVisitors: 1, pageViews: { home: 2, quote: 1 }, referrers: { direct: 1 }, deviceTypes: { mobile: 1 }, lastUpdated: `${day}T10:00:00.000Z`, ...over,
});

describe('analytics per day (issue 18, finding 9)', () => {
  it('[R-TRK-6] a page view counts on its day: the daily counter becomes the day record’s totalVisits', () => {
    const inc = buildPageViewIncrement({ page: 'quote', date: '2026-11-26', firstVisitInBrowser: true, referrer: null, deviceType: 'desktop' });
    expect(dayIncrements(inc)).toEqual({ day: '2026-11-26', increments: { totalVisits: 1, 'pageViews.quote': 1, 'referrers.direct': 1, 'deviceTypes.desktop': 1, uniqueVisitors: 1 } });
  });

  it('drops page keys outside the public pages and refuses a view without exactly one day', () => {
    expect(dayIncrements({ totalVisits: 1, 'pageViews.admin/clients/3f2a': 1, 'dailyStats.2026-11-26': 1 }).increments).toEqual({ totalVisits: 1 });
    expect(() => dayIncrements({ totalVisits: 1 })).toThrow(/exactly one day/);
    expect(() => dayIncrements({ 'dailyStats.2026-11-26': 1, 'dailyStats.2026-11-27': 1 })).toThrow(/exactly one day/);
  });

  it('sums the days and the record from before the upgrade into the all-time statistics', () => {
    const legacy = { ...initialStats(new Date('2026-01-01T00:00:00Z')), totalVisits: 10, uniqueVisitors: 4, pageViews: { home: 10 }, dailyStats: { '2025-12-31': 10 }, referrers: { direct: 4 }, deviceTypes: { mobile: 1, desktop: 3 } };
    expect(sumDays(legacy, [aDay('2026-11-25'), aDay('2026-11-26', { deviceTypes: { desktop: 1 } })])).toEqual({
      totalVisits: 16,
      uniqueVisitors: 6,
      pageViews: { home: 14, quote: 2 },
      dailyStats: { '2025-12-31': 10, '2026-11-25': 3, '2026-11-26': 3 },
      referrers: { direct: 6 },
      deviceTypes: { mobile: 2, desktop: 4 },
      lastUpdated: '2026-11-26T10:00:00.000Z',
    });
    expect(sumDays(null, [])).toBeNull();
  });

  it(`keeps the ${MAX_REFERRER_KEYS} most counted sites over all days and counts the rest as other`, () => {
    const days = Array.from({ length: 3 }, (_, d) => aDay(`2026-11-2${d}`, { referrers: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`site-${d}-${i}`, d + 1])) }));
    const sum = sumDays(null, days)!;
    expect(Object.keys(sum.referrers)).toHaveLength(MAX_REFERRER_KEYS + 1);
    expect(sum.referrers['site-2-0']).toBe(3);
    expect(Object.values(sum.referrers).reduce((a, b) => a + b, 0)).toBe(40 * (1 + 2 + 3));
    expect(sum.referrers[OTHER_REFERRER]).toBeGreaterThan(0);
  });
});
