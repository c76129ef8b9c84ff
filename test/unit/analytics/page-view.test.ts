import { describe, expect, it } from 'vitest';
import {
  PAGE_VIEW_THROTTLE_MS,
  buildPageViewIncrement,
  dateKey,
  deviceType,
  shouldTrack,
  type PageView,
} from '../../../src/domain/analytics/page-view.ts';
import { pageKey } from '../../../src/domain/analytics/page-key.ts';
import { DESKTOP_USER_AGENTS, IPADOS_DESKTOP_MODE, MOBILE_USER_AGENTS } from '../auth/user-agents.ts';

/** A returning desktop visitor viewing the home page; override what the test is about. */
function aView(overrides: Partial<PageView> = {}): PageView {
  return { page: 'home', date: '2026-11-22', firstVisitInBrowser: false, referrer: null, deviceType: 'desktop', ...overrides };
}

describe('shouldTrack', () => {
  it('[R-TRK-2] tracking the same page again within 60 s is skipped', () => {
    const t = Date.UTC(2026, 10, 22, 12);
    expect(PAGE_VIEW_THROTTLE_MS).toBe(60_000);
    const cases: { last: number | undefined; now: number; track: boolean }[] = [
      { last: undefined, now: t, track: true },
      { last: t, now: t, track: false },
      { last: t, now: t + 1_000, track: false },
      { last: t, now: t + 59_999, track: false },
      { last: t, now: t + 60_000, track: true },
      { last: t, now: t + 86_400_000, track: true },
      // A marker from the future (clock moved back) must not block for longer than 60 s.
      { last: t + 3_600_000, now: t, track: true },
      { last: Number.NaN, now: t, track: true },
    ];
    for (const c of cases) expect(shouldTrack(c.last, c.now), JSON.stringify(c)).toBe(c.track);
  });
});

describe('buildPageViewIncrement', () => {
  it('[R-TRK-6] every view increments totalVisits, pageViews.{page} and dailyStats.{date}', () => {
    expect(buildPageViewIncrement(aView({ page: pageKey('/services'), date: '2026-01-31' }))).toEqual({
      totalVisits: 1,
      'pageViews.services': 1,
      'dailyStats.2026-01-31': 1,
    });
  });

  it('[R-TRK-6] [R-TRK-7] page keys are sanitised in the field path', () => {
    const inc = buildPageViewIncrement(aView({ page: pageKey('/admin/clients') }));
    expect(Object.keys(inc)).toContain('pageViews.admin_clients');
    const hostile = buildPageViewIncrement(aView({ page: '__proto__' }));
    expect(Object.keys(hostile)).toContain('pageViews.x__proto__');
    // Every path is a top-level field or exactly one nested key.
    for (const path of Object.keys(hostile)) expect(path.split('.').length).toBeLessThanOrEqual(2);
  });

  it('[R-TRK-5] referrer, device type and unique visitor are counted only on the first visit in a browser', () => {
    const first = buildPageViewIncrement(
      aView({ firstVisitInBrowser: true, referrer: 'https://www.google.com/search?q=cameras', deviceType: 'mobile' }),
    );
    expect(first).toEqual({
      totalVisits: 1,
      'pageViews.home': 1,
      'dailyStats.2026-11-22': 1,
      'referrers.google_com': 1,
      'deviceTypes.mobile': 1,
      uniqueVisitors: 1,
    });
    const again = buildPageViewIncrement(aView({ firstVisitInBrowser: false, referrer: 'https://www.google.com/', deviceType: 'mobile' }));
    expect(Object.keys(again).sort()).toEqual(['dailyStats.2026-11-22', 'pageViews.home', 'totalVisits']);
  });

  it("[R-TRK-6] a first visit without a referrer counts as 'direct'", () => {
    const inc = buildPageViewIncrement(aView({ firstVisitInBrowser: true, referrer: null }));
    expect(inc['referrers.direct']).toBe(1);
    expect(inc['deviceTypes.desktop']).toBe(1);
    const own = buildPageViewIncrement(aView({ firstVisitInBrowser: true, referrer: 'https://shieldline.example/', siteHost: 'shieldline.example' }));
    expect(own['referrers.direct']).toBe(1);
  });

  it('[R-TRK-6] a date that is not YYYY-MM-DD is refused', () => {
    for (const date of ['2026-13-01', '22/11/2026', '2026-11-22T00:00', '', '2026-11-22.x']) {
      expect(() => buildPageViewIncrement(aView({ date })), date).toThrow(expect.objectContaining({ name: 'DomainError', code: 'validation' }));
    }
  });
});

describe('dateKey', () => {
  it('[R-TRK-6] the daily key is the calendar date in the company time zone', () => {
    const lateEvening = new Date('2026-11-23T03:30:00Z');
    const cases: [string, string][] = [
      ['UTC', '2026-11-23'],
      ['America/New_York', '2026-11-22'],
      ['America/Los_Angeles', '2026-11-22'],
      ['Asia/Tokyo', '2026-11-23'],
    ];
    for (const [zone, key] of cases) expect(dateKey(lateEvening, zone), zone).toBe(key);
    expect(dateKey(new Date('2027-01-01T04:59:59Z'), 'America/New_York')).toBe('2026-12-31');
    expect(dateKey(new Date('2027-01-01T05:00:00Z'), 'America/New_York')).toBe('2027-01-01');
  });
});

describe('deviceType', () => {
  it('[R-TRK-6] phones and tablets count as mobile, everything else as desktop', () => {
    for (const [name, ua] of Object.entries(MOBILE_USER_AGENTS)) expect(deviceType(ua), name).toBe('mobile');
    for (const [name, ua] of Object.entries(DESKTOP_USER_AGENTS)) expect(deviceType(ua), name).toBe('desktop');
    expect(deviceType(IPADOS_DESKTOP_MODE, { maxTouchPoints: 5 })).toBe('mobile');
  });
});
