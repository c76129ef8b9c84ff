import { describe, expect, it } from 'vitest';
import { buildPageViewIncrement } from '../../../src/domain/analytics/page-view.ts';
import { applyIncrements, initialStats, parseStatsPath, topPages, type SiteStats } from '../../../src/domain/analytics/site-stats.ts';

const at = (iso: string) => new Date(iso);

describe('initialStats and applyIncrements', () => {
  it('[R-TRK-3] the first ever view creates the record with zeroed stats, then counts itself', () => {
    const now = at('2026-11-22T10:00:00Z');
    expect(initialStats(now)).toEqual({
      totalVisits: 0,
      uniqueVisitors: 0,
      pageViews: {},
      dailyStats: {},
      referrers: {},
      deviceTypes: { mobile: 0, desktop: 0 },
      lastUpdated: '2026-11-22T10:00:00.000Z',
    });
    const first = applyIncrements(
      null,
      buildPageViewIncrement({ page: 'home', date: '2026-11-22', firstVisitInBrowser: true, referrer: null, deviceType: 'mobile' }),
      now,
    );
    expect(first).toEqual({
      totalVisits: 1,
      uniqueVisitors: 1,
      pageViews: { home: 1 },
      dailyStats: { '2026-11-22': 1 },
      referrers: { direct: 1 },
      deviceTypes: { mobile: 1, desktop: 0 },
      lastUpdated: '2026-11-22T10:00:00.000Z',
    });
  });

  it('[R-TRK-6] N views add exactly N, and lastUpdated is the time given (server time)', () => {
    const pages = ['home', 'services', 'quote', 'services', 'reviews', 'services', 'home'];
    let stats: SiteStats | null = null;
    pages.forEach((page, i) => {
      const inc = buildPageViewIncrement({ page, date: i < 4 ? '2026-11-21' : '2026-11-22', firstVisitInBrowser: i === 0, referrer: null, deviceType: 'desktop' });
      stats = applyIncrements(stats, inc, at(`2026-11-22T10:00:0${i}Z`));
    });
    expect(stats).toEqual({
      totalVisits: pages.length,
      uniqueVisitors: 1,
      pageViews: { home: 2, services: 3, quote: 1, reviews: 1 },
      dailyStats: { '2026-11-21': 4, '2026-11-22': 3 },
      referrers: { direct: 1 },
      deviceTypes: { mobile: 0, desktop: 1 },
      lastUpdated: '2026-11-22T10:00:06.000Z',
    });
  });

  it('[R-TRK-6] applying does not change the record it was given', () => {
    const before = applyIncrements(null, { totalVisits: 1, 'pageViews.home': 1 }, at('2026-11-22T10:00:00Z'));
    const snapshot = structuredClone(before);
    applyIncrements(before, { totalVisits: 1, 'pageViews.home': 1, 'deviceTypes.mobile': 1 }, at('2026-11-22T11:00:00Z'));
    expect(before).toEqual(snapshot);
  });

  it('[R-TRK-6] unknown field paths are refused, so a bad increment cannot write elsewhere', () => {
    const bad = ['lastUpdated', 'pageViews', 'pageViews.', 'deviceTypes.tablet', 'totalVisits.x', 'constructor', '.home', '__proto__.polluted'];
    for (const path of bad) {
      expect(() => parseStatsPath(path), path).toThrow(expect.objectContaining({ name: 'DomainError', code: 'validation' }));
    }
    expect(parseStatsPath('dailyStats.2026-11-22')).toEqual({ field: 'dailyStats', key: '2026-11-22' });
    expect(parseStatsPath('uniqueVisitors')).toEqual({ field: 'uniqueVisitors' });
  });
});

describe('topPages', () => {
  it('[R-TRK-8] the top 10 pages by views, most first, ties by key', () => {
    const views: Record<string, number> = {};
    for (let i = 1; i <= 14; i += 1) views[`page-${String(i).padStart(2, '0')}`] = i;
    views['tie-b'] = 12;
    views['tie-a'] = 12;
    const top = topPages(views);
    expect(top).toHaveLength(10);
    expect(top.map((p) => `${p.page}:${p.views}`)).toEqual([
      'page-14:14',
      'page-13:13',
      'page-12:12',
      'tie-a:12',
      'tie-b:12',
      'page-11:11',
      'page-10:10',
      'page-09:9',
      'page-08:8',
      'page-07:7',
    ]);
  });

  it('[R-TRK-8] fewer pages than the limit, a custom limit, and damaged counts', () => {
    expect(topPages({})).toEqual([]);
    expect(topPages({ home: 3, quote: 5 })).toEqual([
      { page: 'quote', views: 5 },
      { page: 'home', views: 3 },
    ]);
    expect(topPages({ a: 1, b: 2, c: 3 }, 2).map((p) => p.page)).toEqual(['c', 'b']);
    const damaged = { ok: 2, zero: 0, neg: -1, nan: Number.NaN, inf: Number.POSITIVE_INFINITY, str: '9' as unknown as number };
    expect(topPages(damaged)).toEqual([{ page: 'ok', views: 2 }]);
  });
});
