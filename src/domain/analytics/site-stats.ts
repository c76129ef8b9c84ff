/**
 * The single site-statistics record (SPEC §3 "Site analytics") and the pure rules around it:
 * the first-ever record (R-TRK-3), applying a page view's increments to it (the reference model
 * the stores' atomic updates must agree with, R-TRK-6), and the top pages (R-TRK-8).
 */
import { DomainError } from '../shared/domain-error.ts';
import { cappedReferrerKey, DIRECT_REFERRER, isPublicPage, MAX_REFERRER_KEYS, OTHER_REFERRER } from './page-key.ts';

export const DEVICE_TYPES = ['mobile', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export type CountMap = Readonly<Record<string, number>>;

export interface SiteStats {
  totalVisits: number;
  uniqueVisitors: number;
  pageViews: CountMap;
  dailyStats: CountMap;
  referrers: CountMap;
  deviceTypes: Readonly<Record<DeviceType, number>>;
  /** Server time of the last update, ISO-8601 UTC. */
  lastUpdated: string;
}

/** Field paths a page view may increment: a top-level counter or `<map>.<key>`. */
export type StatsIncrements = Readonly<Record<string, number>>;

export const COUNTER_FIELDS = ['totalVisits', 'uniqueVisitors'] as const;
export const MAP_FIELDS = ['pageViews', 'dailyStats', 'referrers', 'deviceTypes'] as const;
type CounterField = (typeof COUNTER_FIELDS)[number];
type MapField = (typeof MAP_FIELDS)[number];

/** R-TRK-3: what the first ever view creates, before its own increments are applied. */
export function initialStats(now: Date): SiteStats {
  const counters = Object.fromEntries(COUNTER_FIELDS.map((f) => [f, 0])) as Record<CounterField, number>;
  const maps = Object.fromEntries(MAP_FIELDS.map((f) => [f, {}])) as Record<MapField, CountMap>;
  return { ...counters, ...maps, deviceTypes: { mobile: 0, desktop: 0 }, lastUpdated: now.toISOString() };
}

const isCounter = (f: string): f is CounterField => (COUNTER_FIELDS as readonly string[]).includes(f);
const isMap = (f: string): f is MapField => (MAP_FIELDS as readonly string[]).includes(f);

/** Splits `pageViews.home` into its map and key; the key is everything after the first dot. */
export function parseStatsPath(path: string): { field: CounterField } | { field: MapField; key: string } {
  const dot = path.indexOf('.');
  const head = dot < 0 ? path : path.slice(0, dot);
  if (dot < 0 && isCounter(head)) return { field: head };
  const key = path.slice(dot + 1);
  const keyOk = dot > 0 && key !== '' && (head !== 'deviceTypes' || (DEVICE_TYPES as readonly string[]).includes(key));
  if (keyOk && isMap(head)) return { field: head, key };
  throw new DomainError('validation', `Unknown analytics field: ${path}`);
}

/**
 * Applies increments to a record and stamps `lastUpdated` with the (server) time given: the
 * pure equivalent of the stores' atomic update. Starts from `initialStats` when there is no
 * record yet (R-TRK-3).
 */
export function applyIncrements(stats: SiteStats | null, increments: StatsIncrements, now: Date): SiteStats {
  const base = stats ?? initialStats(now);
  const counters: Record<CounterField, number> = { totalVisits: base.totalVisits, uniqueVisitors: base.uniqueVisitors };
  const maps: Record<MapField, Record<string, number>> = {
    pageViews: { ...base.pageViews },
    dailyStats: { ...base.dailyStats },
    referrers: { ...base.referrers },
    deviceTypes: { ...base.deviceTypes },
  };
  for (const [path, by] of Object.entries(increments)) {
    const target = parseStatsPath(path);
    if ('key' in target) {
      const map = maps[target.field];
      map[target.key] = (Object.hasOwn(map, target.key) ? (map[target.key] ?? 0) : 0) + by;
    } else {
      counters[target.field] += by;
    }
  }
  return {
    ...counters,
    ...maps,
    deviceTypes: { mobile: maps.deviceTypes.mobile ?? 0, desktop: maps.deviceTypes.desktop ?? 0 },
    lastUpdated: now.toISOString(),
  };
}

/** Adds `more` into `into`: views recorded together are written in one step. */
export function addIncrements(into: Record<string, number>, more: StatsIncrements): void {
  for (const [path, by] of Object.entries(more)) into[path] = (Object.hasOwn(into, path) ? (into[path] ?? 0) : 0) + by;
}

/**
 * The increments with each referrer beyond the cap counted under 'other' (`cappedReferrerKey`).
 * `known` is the set of referrer keys stored; the keys admitted here are added to it, so a batch
 * of new sites cannot pass the cap together.
 */
export function capReferrerIncrements(increments: StatsIncrements, known: Set<string>): StatsIncrements {
  const out: Record<string, number> = {};
  for (const [path, by] of Object.entries(increments)) {
    if (!path.startsWith('referrers.')) {
      addIncrements(out, { [path]: by });
      continue;
    }
    const key = cappedReferrerKey(path.slice('referrers.'.length), known);
    known.add(key);
    addIncrements(out, { [`referrers.${key}`]: by });
  }
  return out;
}

/**
 * A record from before the caps (any page key, any number of referrers) brought within them:
 * page keys outside the public pages are dropped (they were never shown), the most counted
 * referrers keep their keys and the rest are summed under 'other'. Null when it is within them.
 */
export function boundedMaps(stats: SiteStats): { pageViews: CountMap; referrers: CountMap } | null {
  const pages = Object.entries(stats.pageViews ?? {});
  const refs = Object.entries(stats.referrers ?? {});
  const sites = refs.filter(([k]) => k !== DIRECT_REFERRER && k !== OTHER_REFERRER);
  if (pages.every(([k]) => isPublicPage(k)) && sites.length <= MAX_REFERRER_KEYS) return null;
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const kept = [...sites].sort((a, b) => count(b[1]) - count(a[1]) || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_REFERRER_KEYS);
  const referrers: Record<string, number> = Object.fromEntries(kept);
  const direct = refs.find(([k]) => k === DIRECT_REFERRER);
  if (direct) referrers[DIRECT_REFERRER] = count(direct[1]);
  const other = refs.filter(([k]) => !Object.hasOwn(referrers, k)).reduce((a, [, v]) => a + count(v), 0);
  if (other > 0) referrers[OTHER_REFERRER] = other;
  return { pageViews: Object.fromEntries(pages.filter(([k]) => isPublicPage(k))), referrers };
}

export const TOP_PAGES_LIMIT = 10;

export interface PageCount {
  page: string;
  views: number;
}

/**
 * R-TRK-8: the most viewed pages, most views first, ties by key so the order is stable.
 * Counts that are not positive finite numbers (damaged data) are left out.
 */
export function topPages(pageViews: CountMap, limit: number = TOP_PAGES_LIMIT): PageCount[] {
  return Object.entries(pageViews)
    .filter(([, views]) => typeof views === 'number' && Number.isFinite(views) && views > 0)
    .map(([page, views]) => ({ page, views }))
    .sort((a, b) => b.views - a.views || (a.page < b.page ? -1 : a.page > b.page ? 1 : 0))
    .slice(0, Math.max(0, limit));
}
