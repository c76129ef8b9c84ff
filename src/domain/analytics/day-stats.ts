/**
 * Analytics kept as one small record per day (issue 18, finding 9): the single stats record grew
 * with every day (dailyStats) and every key a public endpoint sent, towards MongoDB's 16 MB
 * document limit, after which every page view would fail for good. A day's record holds only
 * bounded maps: page views of the public pages (PUBLIC_PAGE_KEYS), referrers capped at
 * MAX_REFERRER_KEYS sites plus 'direct' and 'other', the two device types — so no record can
 * outgrow MAX_DAY_RECORD_BYTES however long the site runs or whatever a script sends. The admin
 * panel's all-time statistics are the sum of the days (plus the record from before the upgrade).
 */
import { DomainError } from '../shared/domain-error.ts';
import { isPublicPage, MAX_KEY_LENGTH, MAX_REFERRER_KEYS, PUBLIC_PAGE_KEYS } from './page-key.ts';
import { boundedMaps, DEVICE_TYPES, initialStats, type CountMap, type SiteStats, type StatsIncrements } from './site-stats.ts';

/** One day's counters; `day` is its YYYY-MM-DD (company time zone), also the record's id. */
export interface DayStats {
  day: string;
  totalVisits: number;
  uniqueVisitors: number;
  pageViews: CountMap;
  referrers: CountMap;
  deviceTypes: CountMap;
  lastUpdated: string;
}

/**
 * The largest a day record can be, as JSON: each map key is at most MAX_KEY_LENGTH characters
 * (4 bytes each in UTF-8) plus quotes and a 16-digit counter; the fixed fields take less than 1 KB.
 */
export const MAX_DAY_RECORD_BYTES = 1024 + (PUBLIC_PAGE_KEYS.length + MAX_REFERRER_KEYS + 2 + DEVICE_TYPES.length) * (MAX_KEY_LENGTH * 4 + 24);

/**
 * A page view's increments (`buildPageViewIncrement`) as the increments of its day's record: the
 * day comes from the `dailyStats.<day>` path (exactly one), which the day record counts as its
 * totalVisits, so it is dropped; page keys outside the public pages are dropped too (the use case
 * never sends them; the record stays bounded whoever calls).
 */
export function dayIncrements(increments: StatsIncrements): { day: string; increments: Record<string, number> } {
  const days = Object.keys(increments).filter((p) => p.startsWith('dailyStats.'));
  if (days.length !== 1) throw new DomainError('validation', `A page view counts on exactly one day, not ${days.length}.`);
  const out: Record<string, number> = {};
  for (const [path, by] of Object.entries(increments)) {
    if (path.startsWith('dailyStats.')) continue;
    if (path.startsWith('pageViews.') && !isPublicPage(path.slice('pageViews.'.length))) continue;
    out[path] = by;
  }
  return { day: days[0]!.slice('dailyStats.'.length), increments: out };
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function addMap(into: Record<string, number>, from: CountMap | undefined): void {
  for (const [k, v] of Object.entries(from ?? {})) into[k] = (Object.hasOwn(into, k) ? into[k]! : 0) + count(v);
}

/**
 * The all-time statistics: the record from before the upgrade (`legacy`, its own dailyStats kept)
 * plus every day's record. Null when there is neither (no view yet). The summed referrers are
 * brought within the cap again (different days may name different sites): the most counted keep
 * their keys, the rest count as 'other'.
 */
export function sumDays(legacy: SiteStats | null, days: readonly DayStats[]): SiteStats | null {
  if (legacy === null && days.length === 0) return null;
  const base = legacy ?? initialStats(new Date(0));
  const pageViews: Record<string, number> = {};
  const referrers: Record<string, number> = {};
  const deviceTypes: Record<string, number> = {};
  const dailyStats: Record<string, number> = {};
  addMap(pageViews, base.pageViews);
  addMap(referrers, base.referrers);
  addMap(deviceTypes, base.deviceTypes);
  addMap(dailyStats, base.dailyStats);
  let totalVisits = count(base.totalVisits);
  let uniqueVisitors = count(base.uniqueVisitors);
  let lastUpdated = legacy?.lastUpdated ?? '';
  for (const d of days) {
    totalVisits += count(d.totalVisits);
    uniqueVisitors += count(d.uniqueVisitors);
    addMap(pageViews, d.pageViews);
    addMap(referrers, d.referrers);
    addMap(deviceTypes, d.deviceTypes);
    addMap(dailyStats, { [d.day]: d.totalVisits });
    if (d.lastUpdated > lastUpdated) lastUpdated = d.lastUpdated;
  }
  const stats: SiteStats = {
    totalVisits,
    uniqueVisitors,
    pageViews,
    dailyStats,
    referrers,
    deviceTypes: { mobile: deviceTypes.mobile ?? 0, desktop: deviceTypes.desktop ?? 0 },
    lastUpdated,
  };
  const bounded = boundedMaps(stats);
  return bounded ? { ...stats, ...bounded } : stats;
}
