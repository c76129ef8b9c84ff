import type { DayRange, SiteStatsRepository } from '../../domain/analytics/site-stats-repository.ts';
import { addIncrements, boundedMaps, capReferrerIncrements, type SiteStats, type StatsIncrements } from '../../domain/analytics/site-stats.ts';
import { dayIncrements, sumDays, type DayStats } from '../../domain/analytics/day-stats.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { isDatabaseError } from '../../domain/persistence/database-error.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import { orderBy, where, type Filter } from '../../domain/persistence/query.ts';

/** The record from before the per-day records (read, never written to again, besides its trim). */
export const ANALYTICS = 'analytics';
export const SITE_STATS_ID = 'siteStats';
/** One record per day, its id the day (YYYY-MM-DD). */
export const ANALYTICS_DAYS = 'analytics_days';
/** Views arriving within this many ms of each other are written in one step. */
export const WRITE_WINDOW_MS = 20;
/** At most one write of the counts a second per instance: views in between are added up in memory. */
export const FLUSH_MS = 1000;

type Doc = DocumentData;

const strip = (d: StoredDocument<Doc>) => {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = d;
  return rest;
};
const toStats = (d: StoredDocument<Doc> | null): SiteStats | null => (d === null ? null : (strip(d) as unknown as SiteStats));
const toDay = (d: StoredDocument<Doc>): DayStats => ({ day: d.id, ...(strip(d) as unknown as Omit<DayStats, 'day'>) });

/**
 * Page views in one small record per day, 'analytics_days/<YYYY-MM-DD>' (domain/analytics/day-stats.ts:
 * a single record would grow towards MongoDB's 16 MB limit). Each write is one atomic upserting
 * increment of the day's record with lastUpdated set in the same step, so N concurrent views add
 * exactly N (R-TRK-6) on any number of instances; the first view of a day creates its record.
 *
 * Bounded and batched (security review, finding 3): referrer keys beyond MAX_REFERRER_KEYS a day
 * count under 'other' (the day's keys come back with every write), page keys outside the public
 * pages are dropped, and views are added up per day in memory and written together: within
 * WRITE_WINDOW_MS when the last write is older than FLUSH_MS, else FLUSH_MS after it, so an
 * instance writes the counts at most once a second however busy the site (issue 16: a write per
 * 20 ms burst, and each view's answer waiting for it, made the page-view route 40 ms at p50).
 * `record` settles at once: a page view is not a business record, and what a crash (kill -9,
 * power cut) can lose is the views of the last second of this instance, never more, never any
 * other data. `flush` (called by `read` and at shutdown) writes what is pending now; each write is
 * one atomic increment, so instances sharing the database add up exactly.
 *
 * Upgrade: the one 'analytics/siteStats' record of earlier versions is read alongside the days
 * (its counts, daily ones included, stay in the totals) and no longer written, except that a
 * record from before the caps is brought within them once (`boundedMaps`).
 */
export class DocumentSiteStatsRepository implements SiteStatsRepository {
  private readonly store: DocumentStore;
  /** Views waiting for the next write, per day: their increments added up, the latest time. */
  private pending = new Map<string, { increments: Record<string, number>; now: Date }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  private lastWrite = 0;
  /** The referrer keys stored in the record of `referrers.day`, from its last write. */
  private referrers: { day: string; keys: Set<string> } | null = null;
  private legacyTrimmed: Promise<void> | null = null;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get days() {
    return this.store.collection<Doc>(ANALYTICS_DAYS);
  }

  private get legacy() {
    return this.store.collection<Doc>(ANALYTICS);
  }

  record(increments: StatsIncrements, now: Date): Promise<void> {
    const { day, increments: forDay } = dayIncrements(increments);
    this.add(day, forDay, now);
    this.schedule();
    return Promise.resolve();
  }

  private add(day: string, increments: Record<string, number>, now: Date): void {
    let batch = this.pending.get(day);
    if (!batch) this.pending.set(day, (batch = { increments: {}, now }));
    addIncrements(batch.increments, increments);
    if (now > batch.now) batch.now = now;
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    const wait = Math.max(WRITE_WINDOW_MS, this.lastWrite + FLUSH_MS - Date.now());
    this.timer = setTimeout(() => void this.flush().catch(() => undefined), wait);
    this.timer.unref();
  }

  /**
   * Writes the views recorded so far (after the write in progress, if any). A failed write keeps
   * its views for the next one (and rejects), so a database hiccup delays counts, it loses none;
   * increments the store refuses as such (invalid-argument) or a closed or damaged store
   * (failed-precondition) drop them, rather than retrying for ever.
   */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.pending.size === 0) return;
    const batches = this.pending;
    this.pending = new Map();
    this.lastWrite = Date.now();
    this.flushing = (async () => {
      let failure: unknown = null;
      for (const [day, batch] of batches) {
        try {
          await this.write(day, batch.increments, batch.now);
        } catch (err) {
          this.referrers = null;
          if (!isDatabaseError(err, 'invalid-argument') && !isDatabaseError(err, 'failed-precondition')) this.add(day, batch.increments, batch.now);
          failure ??= err;
        }
      }
      if (failure !== null) throw failure;
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
      if (this.pending.size > 0) this.schedule();
    }
  }

  private async write(day: string, increments: StatsIncrements, now: Date): Promise<void> {
    await (this.legacyTrimmed ??= this.trimLegacy().catch((err: unknown) => {
      this.legacyTrimmed = null;
      throw err;
    }));
    const known = this.referrers?.day === day ? this.referrers.keys : await this.knownReferrers(day);
    const capped = capReferrerIncrements(increments, known);
    const doc = await this.days.increment(day, capped, { upsert: true, set: { day, lastUpdated: now.toISOString() } });
    this.referrers = { day, keys: new Set(Object.keys((doc['referrers'] as Record<string, number> | undefined) ?? {})) };
  }

  private async knownReferrers(day: string): Promise<Set<string>> {
    const doc = await this.days.get(day);
    return new Set(Object.keys((doc?.['referrers'] as Record<string, number> | undefined) ?? {}));
  }

  /** A record from before the caps (any page key, any number of referrers) is brought within them, once. */
  private async trimLegacy(): Promise<void> {
    const stats = toStats(await this.legacy.get(SITE_STATS_ID));
    const bounded = stats && boundedMaps(stats);
    if (bounded) await this.legacy.update(SITE_STATS_ID, { pageViews: bounded.pageViews, referrers: bounded.referrers });
  }

  private async readDays(filters: Filter[]): Promise<DayStats[]> {
    return (await this.days.query({ where: filters, orderBy: [orderBy('day')] })).docs.map(toDay);
  }

  async read(range: DayRange = {}): Promise<SiteStats | null> {
    // This instance's pending views first, so a read here counts every view answered here.
    await this.flush();
    const filters: Filter[] = [];
    if (range.from !== undefined) filters.push(where('day', '>=', range.from));
    if (range.to !== undefined) filters.push(where('day', '<=', range.to));
    // The record from before the upgrade has no days of its own but its dailyStats: all-time reads only.
    const [legacy, days] = await Promise.all([range.from === undefined && range.to === undefined ? this.legacy.get(SITE_STATS_ID) : null, this.readDays(filters)]);
    return sumDays(toStats(legacy), days);
  }

  /**
   * The days before the latest two are read once (they no longer change: a day's views are
   * written that day, give or take a batch at midnight); the latest two and any later ones, and
   * the record from before the upgrade, are listened to. Each change pushes the new sum.
   */
  watch(onNext: (stats: SiteStats | null) => void, onError: (err: Error) => void): () => void {
    let stopped = false;
    let legacy: SiteStats | null | undefined;
    let past: DayStats[] | undefined;
    let recent: DayStats[] | undefined;
    const push = () => {
      if (!stopped && legacy !== undefined && past !== undefined && recent !== undefined) onNext(sumDays(legacy, [...past, ...recent]));
    };
    const stops: (() => void)[] = [];
    const fail = (err: Error) => {
      if (!stopped) onError(err);
    };
    stops.push(this.legacy.subscribeDoc(SITE_STATS_ID, (d) => ((legacy = toStats(d)), push()), fail));
    this.days
      .query({ orderBy: [orderBy('day', 'desc')], limit: 2 })
      .then(async (latest) => {
        const from = latest.docs.at(-1)?.id ?? '';
        past = from === '' ? [] : await this.readDays([where('day', '<', from)]);
        if (stopped) return;
        stops.push(this.days.subscribe({ where: [where('day', '>=', from)], orderBy: [orderBy('day')] }, (page) => ((recent = page.docs.map(toDay)), push()), fail));
      })
      .catch(fail);
    return () => {
      stopped = true;
      for (const s of stops) s();
    };
  }
}
