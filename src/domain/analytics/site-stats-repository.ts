import type { SiteStats, StatsIncrements } from './site-stats.ts';

/** Days to sum, YYYY-MM-DD, both ends included; either end open when left out. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** The site statistics (R-TRK-3, R-TRK-6, R-TRK-9), stored per day (day-stats.ts) and read as one sum. */
export interface SiteStatsRepository {
  /**
   * Applies the increments of one page view (`buildPageViewIncrement`: exactly one dailyStats
   * day) atomically and stamps lastUpdated with `now` (server time); referrer keys beyond
   * MAX_REFERRER_KEYS a day count under 'other'. Views are added up and written together, at
   * most about a second later (a page view is not a business record: a crash may lose the last
   * second's views); a `read` on the same instance counts them all.
   */
  record(increments: StatsIncrements, now: Date): Promise<void>;
  /** The sum over the days in `range` (all time, the record from before the upgrade included, by default); null before the first view. */
  read(range?: DayRange): Promise<SiteStats | null>;
  /** Pushes the all-time sum now and after every change (R-TRK-9); returns the unsubscribe. */
  watch(onNext: (stats: SiteStats | null) => void, onError: (err: Error) => void): () => void;
}
