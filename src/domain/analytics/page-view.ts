/**
 * One page view, as pure decisions (R-TRK-2, R-TRK-5, R-TRK-6): whether to record it at all,
 * and which counters it increments. The browser keeps the throttle and first-visit markers; the
 * server decides the date from its own clock and applies the increments atomically.
 */
import { isMobileUserAgent, type DeviceHints } from '../auth/user-agent.ts';
import { DomainError } from '../shared/domain-error.ts';
import { referrerKey, sanitizeKey } from './page-key.ts';
import type { DeviceType, StatsIncrements } from './site-stats.ts';

/** R-TRK-2: the same page is recorded at most once per 60 s (per browser). */
export const PAGE_VIEW_THROTTLE_MS = 60_000;

/**
 * R-TRK-2: record unless the same page was recorded less than 60 s ago. A marker from the
 * future (the clock moved back) does not block: it would otherwise block for longer than 60 s.
 */
export function shouldTrack(lastTrackedAt: number | null | undefined, now: number): boolean {
  if (lastTrackedAt == null || !Number.isFinite(lastTrackedAt)) return true;
  return now < lastTrackedAt || now - lastTrackedAt >= PAGE_VIEW_THROTTLE_MS;
}

/** The analytics device type: phones and tablets are 'mobile' (same test as sign-in, R-AUTH-9). */
export const deviceType = (userAgent: string | null | undefined, hints: DeviceHints = {}): DeviceType =>
  isMobileUserAgent(userAgent, hints) ? 'mobile' : 'desktop';

/** The dailyStats key: the calendar date (YYYY-MM-DD) of an instant in the company's zone. */
export { dateKey } from '../shared/calendar-date.ts';

const DATE_KEY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export interface PageView {
  /** The page key (R-TRK-1); sanitised here (R-TRK-7). */
  page: string;
  /** YYYY-MM-DD in the company time zone (see `dateKey`). */
  date: string;
  /** No first-visit marker in this browser yet (R-TRK-5). */
  firstVisitInBrowser: boolean;
  referrer: string | null;
  deviceType: DeviceType;
  /** This site's own host: a referrer from it counts as direct. */
  siteHost?: string | null;
}

/**
 * R-TRK-6: every view increments totalVisits, pageViews.{page} and dailyStats.{date}; the first
 * view in a browser also increments referrers.{ref} (default 'direct'), deviceTypes.{type} and
 * uniqueVisitors (R-TRK-5). Keys are dotted field paths (see site-stats.ts `parseStatsPath`).
 */
export function buildPageViewIncrement(view: PageView): StatsIncrements {
  if (!DATE_KEY.test(view.date)) throw new DomainError('validation', `Not a YYYY-MM-DD date: ${view.date}`);
  const increments: Record<string, number> = {
    totalVisits: 1,
    [`pageViews.${sanitizeKey(view.page)}`]: 1,
    [`dailyStats.${view.date}`]: 1,
  };
  if (view.firstVisitInBrowser) {
    increments[`referrers.${referrerKey(view.referrer, view.siteHost)}`] = 1;
    increments[`deviceTypes.${view.deviceType}`] = 1;
    increments.uniqueVisitors = 1;
  }
  return increments;
}
