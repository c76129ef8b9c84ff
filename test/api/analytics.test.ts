import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { dateKey } from '../../src/domain/analytics/page-view.ts';
import type { SiteStatsDto } from '../../src/contracts/analytics.ts';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('page-view analytics over HTTP', () => {
  let t: ListeningTestApp;
  let visitor: TestClient;
  let admin: TestClient;
  let ip = 0;
  beforeAll(async () => {
    t = await listenTestApp({ TRUST_PROXY: '127.0.0.1' });
    visitor = new TestClient(t.url);
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(() => t.close());

  const view = (body: object, ua = DESKTOP_UA) =>
    visitor.send('POST', '/api/analytics/page-view', body, { 'user-agent': ua, 'x-forwarded-for': `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` });
  const stats = async () => (await (await admin.get('/api/admin/analytics')).json()) as SiteStatsDto;

  it('[R-TRK-3] the first ever view creates the record from the initial stats, with server time', async () => {
    const empty = await stats();
    expect(empty).toMatchObject({ totalVisits: 0, uniqueVisitors: 0, pageViews: {}, deviceTypes: { mobile: 0, desktop: 0 }, topPages: [] });
    const before = Date.now();
    expect((await view({ page: 'home', referrer: null, firstVisit: false })).status).toBe(204);
    const after = Date.now();
    const s = await stats();
    expect(s).toMatchObject({ totalVisits: 1, uniqueVisitors: 0, pageViews: { home: 1 }, referrers: {}, deviceTypes: { mobile: 0, desktop: 0 } });
    const at = Date.parse(s.lastUpdated);
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(after + 1);
    expect(Object.keys(s.dailyStats)).toEqual([dateKey(new Date(at), t.config.timeZone)]);
  });

  it('[R-TRK-5] [R-TRK-6] a first visit also counts its referrer, device type and a unique visitor; later views do not', async () => {
    const s0 = await stats();
    await view({ page: 'services', referrer: 'https://www.google.com/search?q=alarm', firstVisit: true }, PHONE_UA);
    await view({ page: 'quote', referrer: 'https://www.google.com/', firstVisit: false }, PHONE_UA);
    await view({ page: 'reviews', referrer: '', firstVisit: true });
    const s = await stats();
    expect(s.totalVisits).toBe(s0.totalVisits + 3);
    expect(s.uniqueVisitors).toBe(s0.uniqueVisitors + 2);
    expect(s.referrers).toEqual({ google_com: 1, direct: 1 });
    expect(s.deviceTypes).toEqual({ mobile: 1, desktop: 1 });
    expect(s.pageViews).toMatchObject({ services: 1, quote: 1, reviews: 1 });
  });

  it('only public pages count: staff screens, one key per client id, and made-up keys are dropped (204, nothing stored)', async () => {
    const s0 = await stats();
    for (const page of ['admin/clients/3f2a9c', 'admin/clients/77b1e0', 'admin', 'employee-dashboard', 'admin/leads[1]*~', 'p/secret-token', 'nowhere'])
      expect((await view({ page, referrer: null, firstVisit: true })).status, page).toBe(204);
    const s = await stats();
    expect(s.totalVisits).toBe(s0.totalVisits);
    expect(s.uniqueVisitors).toBe(s0.uniqueVisitors);
    expect(Object.keys(s.pageViews).sort()).toEqual(Object.keys(s0.pageViews).sort());
  });

  it('[R-TRK-8] the top pages by views come with the stats, most viewed first, public pages only', async () => {
    const pages = ['support', 'contact', 'quote', 'reviews', 'services', 'home'];
    for (const [i, page] of pages.entries()) for (let k = 0; k <= i * 3; k++) await view({ page, referrer: null, firstVisit: false });
    const top = (await stats()).topPages;
    expect(top.map((p) => p.page)).toEqual([...pages].reverse());
    expect(top.map((p) => p.views)).toEqual([...top.map((p) => p.views)].sort((a, b) => b - a));
  });

  // 2 000 page views over HTTP from 200 clients at once, each an atomic increment of several
  // counters. That the same load as read-modify-write loses updates (so this check can fail) is
  // shown at the store level: test/contract/sqlite-document-store-processes.test.ts, "control: …".
  it('[R-TRK-6] 2 000 concurrent page views add exactly 2 000', async () => {
    const s0 = await stats();
    const N = 2000;
    const CLIENTS = 200;
    const results: Response[] = [];
    let sent = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (sent < N) {
          sent += 1;
          results.push(await view({ page: 'services', referrer: null, firstVisit: true }));
        }
      }),
    );
    expect(results).toHaveLength(N);
    expect(results.filter((r) => r.status !== 204).map((r) => r.status)).toEqual([]);
    const s = await stats();
    expect(s.totalVisits).toBe(s0.totalVisits + N);
    expect(s.pageViews['services']).toBe((s0.pageViews['services'] ?? 0) + N);
    expect(s.uniqueVisitors).toBe(s0.uniqueVisitors + N);
    expect(s.referrers['direct']).toBe((s0.referrers['direct'] ?? 0) + N);
    const today = Object.keys(s.dailyStats).sort().at(-1)!;
    expect(s.dailyStats[today]).toBe((s0.dailyStats[today] ?? 0) + N);
    // Each first visit also counts in the shared visitor gate (three store writes): 25-30 s on a loaded 2-core machine.
  }, 60_000);

  it('[R-TRK-9] the admin stream pushes the stats now and again after each view, without reloading', async () => {
    const ctrl = new AbortController();
    const res = await admin.raw('/api/admin/analytics/stream', { signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const nextStats = async (): Promise<SiteStatsDto> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (data) return JSON.parse(data) as SiteStatsDto;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    };
    const first = await nextStats();
    await view({ page: 'support', referrer: null, firstVisit: false });
    const second = await nextStats();
    expect(second.totalVisits).toBe(first.totalVisits + 1);
    expect(second.pageViews['support']).toBe((first.pageViews['support'] ?? 0) + 1);
    ctrl.abort();
  });

  it('[R-TRK-9] only administrators read or listen to the statistics; anyone may record a view', async () => {
    const maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    expect((await maria.get('/api/admin/analytics')).status).toBe(403);
    expect((await maria.get('/api/admin/analytics/stream')).status).toBe(403);
    expect((await new TestClient(t.url).get('/api/admin/analytics')).status).toBe(401);
  });

  it('refuses unknown fields and an empty page key', async () => {
    expect((await view({ page: '', referrer: null, firstVisit: false })).status).toBe(400);
    expect((await view({ page: 'home', firstVisit: false, totalVisits: 1000 })).status).toBe(400);
  });
});
