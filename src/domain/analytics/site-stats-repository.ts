import type { SiteStats, StatsIncrements } from './site-stats.ts';

/** The single 'analytics/siteStats' record (R-TRK-3, R-TRK-6, R-TRK-9). */
export interface SiteStatsRepository {
  /**
   * Applies the increments atomically and stamps lastUpdated with `now` (server time); referrer
   * keys beyond MAX_REFERRER_KEYS count under 'other'. Views recorded together may be written in
   * one step; the promise settles once this view's write has committed.
   */
  record(increments: StatsIncrements, now: Date): Promise<void>;
  /** The record, or null before the first view. */
  read(): Promise<SiteStats | null>;
  /** Pushes the record now and after every change (R-TRK-9); returns the unsubscribe. */
  watch(onNext: (stats: SiteStats | null) => void, onError: (err: Error) => void): () => void;
}
