import { buildPageViewIncrement, dateKey, deviceType } from '../../domain/analytics/page-view.ts';
import type { SiteStatsRepository } from '../../domain/analytics/site-stats-repository.ts';
import type { Clock } from '../../domain/shared/clock.ts';

export interface PageViewReport {
  page: string;
  referrer: string | null;
  firstVisit: boolean;
  userAgent: string | undefined;
  maxTouchPoints: number | undefined;
  siteHost: string | null;
}

/**
 * R-TRK-6: one page view becomes one atomic increment of the stats record. The date and
 * lastUpdated come from the server's clock (in the company time zone), never the browser's.
 * Access: public (every visitor's browser reports its page views).
 */
export async function recordPageView(deps: { stats: SiteStatsRepository; clock: Clock; timeZone: string }, view: PageViewReport): Promise<void> {
  const now = deps.clock.now();
  const increments = buildPageViewIncrement({
    page: view.page,
    date: dateKey(now, deps.timeZone),
    firstVisitInBrowser: view.firstVisit,
    referrer: view.referrer,
    deviceType: deviceType(view.userAgent, view.maxTouchPoints === undefined ? {} : { maxTouchPoints: view.maxTouchPoints }),
    siteHost: view.siteHost,
  });
  await deps.stats.record(increments, now);
}
