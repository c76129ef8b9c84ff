import type { SiteStatsRepository } from '../../domain/analytics/site-stats-repository.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { VisitorGate } from '../../domain/analytics/visitor-gate.ts';

/** The analytics area's bundle, registered once in container.ts. */
export interface AnalyticsDeps {
  stats: SiteStatsRepository;
  clock: Clock;
  timeZone: string;
  /** Who counts as a visitor today, counted in the store (shared by every instance). */
  visitors: VisitorGate;
}
