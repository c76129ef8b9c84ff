import type { AuthState } from '../../domain/auth/permissions.ts';
import { initialStats, type SiteStats } from '../../domain/analytics/site-stats.ts';
import type { SiteStatsRepository } from '../../domain/analytics/site-stats-repository.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

/**
 * The admin panel's statistics, live (R-TRK-9): pushed now and after every change until the
 * returned unsubscribe is called. Before the first view, empty ones.
 */
export function watchSiteStats(
  deps: { stats: SiteStatsRepository; clock: Clock },
  auth: AuthState,
  listener: { next: (stats: SiteStats) => void; error: (err: Error) => void },
): () => void {
  requireAccess(auth, ADMIN);
  return deps.stats.watch((stats) => listener.next(stats ?? initialStats(deps.clock.now())), listener.error);
}
