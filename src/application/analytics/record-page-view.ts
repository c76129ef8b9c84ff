import { buildPageViewIncrement, dateKey, deviceType } from '../../domain/analytics/page-view.ts';
import { isPublicPage } from '../../domain/analytics/page-key.ts';
import type { SiteStatsRepository } from '../../domain/analytics/site-stats-repository.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { VisitorGate } from '../../domain/analytics/visitor-gate.ts';

export interface PageViewReport {
  page: string;
  referrer: string | null;
  firstVisit: boolean;
  userAgent: string | undefined;
  maxTouchPoints: number | undefined;
  siteHost: string | null;
  /** The client's address as the server sees it. */
  address: string;
}

/**
 * R-TRK-6: a page view's increments are applied atomically to the stats record (with views
 * arriving at the same moment, in one write; the repository caps referrer keys). The date and
 * lastUpdated come from the server's clock (in the company time zone), never the browser's.
 * Only the public site's pages count (PUBLIC_PAGE_KEYS); any other key is accepted and dropped,
 * so a staff screen or a made-up key never reaches the statistics. The browser's first-visit
 * and throttle claims are checked against the day of visitors counted in the store (`VisitorGate`,
 * shared by every instance): a script repeating them counts once. Returns whether it counted.
 * Access: public (every visitor's browser reports its page views).
 */
export async function recordPageView(deps: { stats: SiteStatsRepository; clock: Clock; timeZone: string; visitors: VisitorGate }, view: PageViewReport): Promise<boolean> {
  if (!isPublicPage(view.page)) return false;
  const now = deps.clock.now();
  const date = dateKey(now, deps.timeZone);
  const counts = await deps.visitors.decide({ address: view.address, userAgent: view.userAgent ?? '', page: view.page, firstVisit: view.firstVisit, day: date, nowMs: now.getTime() });
  if (!counts.view) return false;
  const increments = buildPageViewIncrement({
    page: view.page,
    date,
    firstVisitInBrowser: counts.visitor,
    referrer: view.referrer,
    deviceType: deviceType(view.userAgent, view.maxTouchPoints === undefined ? {} : { maxTouchPoints: view.maxTouchPoints }),
    siteHost: view.siteHost,
  });
  await deps.stats.record(increments, now);
  return true;
}
