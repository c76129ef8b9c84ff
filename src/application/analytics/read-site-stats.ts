import type { AuthState } from '../../domain/auth/permissions.ts';
import { initialStats, type SiteStats } from '../../domain/analytics/site-stats.ts';
import type { SiteStatsRepository } from '../../domain/analytics/site-stats-repository.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

/** The admin panel's statistics, read once (R-TRK-8); before the first view, empty ones. */
export async function readSiteStats(deps: { stats: SiteStatsRepository; clock: Clock }, auth: AuthState): Promise<SiteStats> {
  requireAccess(auth, ADMIN);
  return (await deps.stats.read()) ?? initialStats(deps.clock.now());
}
