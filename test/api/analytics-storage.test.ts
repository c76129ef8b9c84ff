import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { ANALYTICS, ANALYTICS_DAYS, DocumentSiteStatsRepository, SITE_STATS_ID } from '../../src/adapters/documents/document-site-stats-repository.ts';
import { MAX_DAY_RECORD_BYTES } from '../../src/domain/analytics/day-stats.ts';
import { MAX_KEY_LENGTH, PUBLIC_PAGE_KEYS } from '../../src/domain/analytics/page-key.ts';
import { buildPageViewIncrement } from '../../src/domain/analytics/page-view.ts';
import { initialStats } from '../../src/domain/analytics/site-stats.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import { tempDir } from '../support/temp-dir.ts';

/** The YYYY-MM-DD `i` days after 1 January 2025. */
const dayOf = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
/** A long referrer host (the longest key a record keeps), different per site. */
const longSite = (i: number) => `https://${`${i}-`.padEnd(MAX_KEY_LENGTH - 20, 'r')}.example/`;

/**
 * Where page views are stored (issue 18, finding 9): one record per day, each of bounded size,
 * so nothing grows towards MongoDB's 16 MB document limit however long the site runs or
 * whatever a script sends. Measured the way an operator would: the rows in the SQLite file.
 */
describe('analytics storage', () => {
  let dir: ReturnType<typeof tempDir>;
  let store: DocumentStore;
  let repo: DocumentSiteStatsRepository;
  beforeEach(() => {
    dir = tempDir();
    store = openSqliteDocumentStore(join(dir.path, 'app.db'));
    repo = new DocumentSiteStatsRepository(store);
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  const rows = () => {
    const db = new Database(join(dir.path, 'app.db'), { readonly: true });
    try {
      return db.prepare("SELECT collection, id, length(CAST(data AS BLOB)) AS bytes, version FROM documents WHERE collection IN ('analytics', 'analytics_days')").all() as { collection: string; id: string; bytes: number; version: number }[];
    } finally {
      db.close();
    }
  };
  const largest = () => Math.max(...rows().map((r) => r.bytes));
  /** A busy day: every public page, 60 sites sending first visitors (more than the cap keeps), both devices. */
  const busyDay = (day: number) =>
    [
      ...PUBLIC_PAGE_KEYS.map((page) => ({ page, firstVisitInBrowser: false, referrer: null })),
      ...Array.from({ length: 60 }, (_, i) => ({ page: 'home', firstVisitInBrowser: true, referrer: longSite(i) })),
    ].map((v, i) => repo.record(buildPageViewIncrement({ ...v, date: dayOf(day), deviceType: i % 2 ? 'mobile' : 'desktop' }), new Date(`${dayOf(day)}T12:00:00Z`)));

  it('keeps one record per day, none bigger after 90 days than after the first', async () => {
    // Views are counted in memory and written at most once a second: flush() writes them now.
    await Promise.all(busyDay(0));
    await repo.flush();
    const firstDay = largest();
    await Promise.all(Array.from({ length: 89 }, (_, d) => busyDay(d + 1)).flat());
    await repo.flush();
    expect(rows().filter((r) => r.collection === ANALYTICS_DAYS)).toHaveLength(90);
    expect(largest()).toBeLessThanOrEqual(firstDay);
    expect(largest()).toBeLessThanOrEqual(MAX_DAY_RECORD_BYTES);
    const stats = (await repo.read())!;
    expect(stats.totalVisits).toBe(90 * 66);
    expect(Object.keys(stats.dailyStats)).toHaveLength(90);
    expect(stats.dailyStats[dayOf(89)]).toBe(66);
    expect(stats.pageViews['services']).toBe(90);
    expect(stats.referrers['other']).toBe(90 * 10);
    expect(await repo.read({ from: dayOf(10), to: dayOf(19) })).toMatchObject({ totalVisits: 10 * 66, uniqueVisitors: 10 * 60 });
  });

  it('keeps a day within its bound whatever page and referrer keys reach the store', async () => {
    const now = new Date('2025-03-01T09:00:00Z');
    await Promise.all(
      Array.from({ length: 1500 }, (_, i) =>
        repo.record({ totalVisits: 1, [`pageViews.junk-${i}-${'j'.repeat(150)}`]: 1, 'dailyStats.2025-03-01': 1, [`referrers.${'s'.repeat(150)}-${i}`]: 1, uniqueVisitors: 1 }, now),
      ),
    );
    expect(largest()).toBeLessThanOrEqual(MAX_DAY_RECORD_BYTES);
    const stats = (await repo.read())!;
    expect([stats.totalVisits, Object.keys(stats.pageViews).length, stats.referrers['other']]).toEqual([1500, 0, 1500 - 50]);
  });

  it('still shows the single record of earlier versions after the upgrade, and adds the new days to it', async () => {
    const old = { ...initialStats(new Date('2024-12-31T10:00:00Z')), totalVisits: 30, uniqueVisitors: 9, pageViews: { home: 20, quote: 10 }, dailyStats: { '2024-12-30': 12, '2024-12-31': 18 }, referrers: { direct: 7, 'google_com': 2 }, deviceTypes: { mobile: 4, desktop: 5 } };
    await store.collection(ANALYTICS).create(old, SITE_STATS_ID);
    const version = () => rows().find((r) => r.collection === ANALYTICS)!.version;
    const v0 = version();
    await repo.record(buildPageViewIncrement({ page: 'quote', date: dayOf(0), firstVisitInBrowser: true, referrer: 'https://www.google.com/x', deviceType: 'mobile' }), new Date(`${dayOf(0)}T08:00:00Z`));
    expect(await repo.read()).toEqual({
      totalVisits: 31,
      uniqueVisitors: 10,
      pageViews: { home: 20, quote: 11 },
      dailyStats: { '2024-12-30': 12, '2024-12-31': 18, [dayOf(0)]: 1 },
      referrers: { direct: 7, google_com: 3 },
      deviceTypes: { mobile: 5, desktop: 5 },
      lastUpdated: `${dayOf(0)}T08:00:00.000Z`,
    });
    // The old record is read, no longer written: it cannot grow any more.
    expect(version()).toBe(v0);
  });

  it('[R-TRK-9] pushes the all-time sum when a watched day changes', async () => {
    await Promise.all(Array.from({ length: 5 }, (_, d) => busyDay(d)).flat());
    const seen: number[] = [];
    const stop = repo.watch((s) => seen.push(s?.totalVisits ?? 0), (err) => { throw err; });
    try {
      await expect.poll(() => seen.at(-1)).toBe(5 * 66);
      await repo.record(buildPageViewIncrement({ page: 'home', date: dayOf(4), firstVisitInBrowser: false, referrer: null, deviceType: 'desktop' }), new Date());
      await repo.record(buildPageViewIncrement({ page: 'home', date: dayOf(5), firstVisitInBrowser: false, referrer: null, deviceType: 'desktop' }), new Date());
      await expect.poll(() => seen.at(-1)).toBe(5 * 66 + 2);
    } finally {
      stop();
    }
  });
});
