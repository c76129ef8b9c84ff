import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { PUBLIC_PAGE_KEYS } from '../../src/domain/analytics/page-key.ts';
import type { SiteStatsDto } from '../../src/contracts/analytics.ts';
import { TOKENS } from '../../src/container.ts';
import { initialStats } from '../../src/domain/analytics/site-stats.ts';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** The referrer keys kept before the rest count as "other" (MAX_REFERRER_KEYS). */
const CAP = 50;

/**
 * The public page-view endpoint under a script (security review, finding 3): any page name and
 * referrer used to become a new key of the one stats record, rewritten whole per view, and
 * `firstVisit: true` 120 times a minute added 120 unique visitors. Each test plays the script.
 */
describe('page-view analytics under abuse', () => {
  let t: ListeningTestApp;
  let script: TestClient;
  let admin: TestClient;
  let n = 0;
  /** A new client address each call (the server trusts X-Forwarded-For from loopback here). */
  const freshIp = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  beforeAll(async () => {
    t = await listenTestApp({ TRUST_PROXY: '127.0.0.1' });
    script = new TestClient(t.url);
    admin = await TestClient.signedIn(t.url, DEMO.admin);
  });
  afterAll(() => t.close());

  const view = (body: { page: string; referrer?: string | null; firstVisit: boolean }, ip = freshIp(), ua = DESKTOP_UA) =>
    script.send('POST', '/api/analytics/page-view', { referrer: null, ...body }, { 'user-agent': ua, 'x-forwarded-for': ip });
  const stats = async () => (await (await admin.get('/api/admin/analytics')).json()) as SiteStatsDto;
  /**
   * A stored record as an operator would check it: its size in the database and how often it was
   * rewritten. By default today's (the latest) day record; `legacy` for the one of earlier versions.
   */
  const stored = (legacy = false): { bytes: number; version: number } => {
    const db = new Database(join(t.dataDir, 'app.db'), { readonly: true });
    try {
      const sql = legacy
        ? "SELECT length(data) AS bytes, version FROM documents WHERE collection = 'analytics' AND id = 'siteStats'"
        : "SELECT length(data) AS bytes, version FROM documents WHERE collection = 'analytics_days' ORDER BY id DESC LIMIT 1";
      return db.prepare(sql).get() as { bytes: number; version: number };
    } finally {
      db.close();
    }
  };
  const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);

  it('a record grown before the caps is brought within them at the next view, its counts kept', async () => {
    const junk = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`junk-${i}_example`, 1]));
    const old = { ...initialStats(new Date()), totalVisits: 900, pageViews: { home: 500, ...junk }, referrers: { ...junk, direct: 100 } };
    await t.container.resolve(TOKENS.Store).collection('analytics').create(old, 'siteStats');
    const before = stored(true).bytes;
    expect((await view({ page: 'home', firstVisit: false })).status).toBe(204);
    const s = await stats();
    expect(s.pageViews).toEqual({ home: 501 });
    expect(Object.keys(s.referrers)).toHaveLength(CAP + 2);
    expect(sum(s.referrers)).toBe(500);
    expect(stored(true).bytes).toBeLessThan(before / 4);
  });

  it('junk page names create no keys and count nothing', async () => {
    await view({ page: 'home', firstVisit: true });
    const s0 = await stats();
    const junk = ['admin/clients/3f2a9c', 'x'.repeat(900), '../../etc/passwd', '__proto__', 'home/../admin', 'services?utm=1', 'Ünïcödé-页面', 'quote.', 'p/secret-token'];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => view({ page: `${junk[i % junk.length]}-${i}`, firstVisit: true })));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 204));
    const s = await stats();
    expect(Object.keys(s.pageViews).every((k) => (PUBLIC_PAGE_KEYS as readonly string[]).includes(k))).toBe(true);
    expect({ total: s.totalVisits, unique: s.uniqueVisitors, referrers: s.referrers }).toEqual({ total: s0.totalVisits, unique: s0.uniqueVisitors, referrers: s0.referrers });
  });

  it(`referrers beyond the first ${CAP} sites count under "other", none lost`, async () => {
    const s0 = await stats();
    const extra = 30;
    const answers = await Promise.all(Array.from({ length: CAP + extra }, (_, i) => view({ page: 'services', referrer: `https://spam-${i}.example/landing?id=${i}`, firstVisit: true })));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 204));
    const s = await stats();
    expect(Object.keys(s.referrers).filter((k) => k !== 'direct' && k !== 'other')).toHaveLength(CAP);
    expect(s.referrers['other']).toBeGreaterThanOrEqual(extra);
    expect(sum(s.referrers) - sum(s0.referrers)).toBe(CAP + extra);
  });

  it('one script repeating first visits counts one unique visitor and one view a minute; rotating its user agent gains a handful at most', async () => {
    const s0 = await stats();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => view({ page: 'quote', referrer: 'https://www.google.com/', firstVisit: true }, ip)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 204));
    const s1 = await stats();
    expect({ unique: s1.uniqueVisitors - s0.uniqueVisitors, views: s1.totalVisits - s0.totalVisits, devices: sum(s1.deviceTypes) - sum(s0.deviceTypes) }).toEqual({ unique: 1, views: 1, devices: 1 });

    const rotating = freshIp();
    await Promise.all(Array.from({ length: 60 }, (_, i) => view({ page: 'contact', firstVisit: true }, rotating, `${DESKTOP_UA} Bot/${i}`)));
    const s2 = await stats();
    expect(s2.uniqueVisitors - s1.uniqueVisitors).toBeGreaterThan(0);
    expect(s2.uniqueVisitors - s1.uniqueVisitors).toBeLessThanOrEqual(20);
  });

  it('the stored record does not grow per junk request', async () => {
    const before = stored();
    await Promise.all(
      Array.from({ length: 80 }, (_, i) => {
        const ua = `${DESKTOP_UA} Junk/${i}`;
        return Promise.all([
          view({ page: `junk-${i}-${'y'.repeat(i)}`, referrer: `https://junk-${i}.example/`, firstVisit: true }, freshIp(), ua),
          view({ page: PUBLIC_PAGE_KEYS[i % PUBLIC_PAGE_KEYS.length]!, referrer: `https://more-junk-${i}.example/${'z'.repeat(i)}`, firstVisit: true }, freshIp(), ua),
        ]);
      }),
    );
    const after = stored();
    // Only counters' digits may lengthen; before the fix each request added a referrer key.
    expect(after.bytes - before.bytes).toBeLessThan(64);
  });

  it('views arriving together are written together: 300 at once add exactly 300 in a few rewrites of the record', async () => {
    const s0 = await stats();
    const v0 = stored().version;
    const N = 300;
    // The repository the route writes through, called as 300 requests arriving at once would.
    const repo = t.container.resolve(TOKENS.SiteStats);
    const today = Object.keys(s0.dailyStats).sort().at(-1)!;
    await Promise.all(Array.from({ length: N }, () => repo.record({ totalVisits: 1, 'pageViews.support': 1, [`dailyStats.${today}`]: 1 }, new Date())));
    const s = await stats();
    expect(s.totalVisits - s0.totalVisits).toBe(N);
    expect(s.pageViews['support']! - (s0.pageViews['support'] ?? 0)).toBe(N);
    expect(stored().version - v0).toBeLessThanOrEqual(3);
    // And over HTTP, nothing lost: every view of a burst is counted exactly once.
    const burst = await Promise.all(Array.from({ length: 60 }, () => view({ page: 'reviews', firstVisit: false })));
    expect(burst.filter((r) => r.status !== 204)).toEqual([]);
    expect((await stats()).totalVisits - s.totalVisits).toBe(60);
  });
});
