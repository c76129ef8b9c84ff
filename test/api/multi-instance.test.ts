import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { aContactRequest } from '../support/factories.ts';
import { DEMO } from '../support/demo-users.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';
import { MAX_NEW_VISITORS_PER_NETWORK } from '../../src/domain/analytics/visitor-gate.ts';
import type { SiteStatsDto } from '../../src/contracts/analytics.ts';

/**
 * Two app instances on one database (one SQLite file here; MongoDB in production), as behind a
 * load balancer: whatever one instance decides about a visitor, the other honours.
 */
const SECONDS = { timeout: 5000, interval: 200 };

describe('two app instances on one database', () => {
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  beforeAll(async () => {
    a = await listenTestApp({ TRUST_PROXY: '127.0.0.1' });
    b = await listenTestApp({ DATA_DIR: a.dataDir, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('count one rate limit between them: the contact form allows 10 posts per address, not 10 per instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const c = new TestClient(i % 2 === 0 ? a.url : b.url);
      statuses.push((await c.send('POST', '/api/contact', aContactRequest())).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('share sign-in sessions: signed in through one, the other knows the person and takes their CSRF token', async () => {
    const viaA = new TestClient(a.url);
    await viaA.signIn(DEMO.admin);
    const viaB = new TestClient(b.url);
    viaB.setCookies(viaA.cookieHeader());
    const session = (await (await viaB.raw('/api/session')).json()) as { state: string; user: { name: string } | null };
    expect([session.state, session.user?.name]).toEqual(['admin', 'Frank Miller']);
    const created = await viaB.send('POST', '/api/clients', aClientInput({ name: 'Bidwellington Twoinstance' }));
    expect(created.status, await created.clone().text()).toBe(201);
    const names = async (c: TestClient) => ((await (await c.raw('/api/clients?q=Bidwellington')).json()) as { items: { name: string }[] }).items.map((i) => i.name);
    expect(await names(viaB)).toContain('Bidwellington Twoinstance');
    expect(await names(viaA)).toContain('Bidwellington Twoinstance');
  });

  describe('count page-view visitors once between them', () => {
    const view = (via: ListeningTestApp, page: string, ip: string, ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0') =>
      new TestClient(via.url).send('POST', '/api/analytics/page-view', { page, referrer: null, firstVisit: true }, { 'user-agent': ua, 'x-forwarded-for': ip });
    const stats = async () => {
      const admin = await TestClient.signedIn(a.url, DEMO.admin);
      return (await (await admin.get('/api/admin/analytics')).json()) as SiteStatsDto;
    };

    it('the same visitor arriving through both instances is one unique visitor, and one view of a page a minute', async () => {
      const s0 = await stats();
      const answers = [await view(a, 'home', '198.51.100.23'), await view(b, 'services', '198.51.100.23'), await view(b, 'home', '198.51.100.23')];
      expect(answers.map((r) => r.status)).toEqual([204, 204, 204]);
      // Each instance writes its counts at most once a second: the other's show within that.
      await expect
        .poll(async () => {
          const s = await stats();
          return { unique: s.uniqueVisitors - s0.uniqueVisitors, views: s.totalVisits - s0.totalVisits };
        }, SECONDS)
        .toEqual({ unique: 1, views: 2 });
    });

    it(`one network brings at most ${MAX_NEW_VISITORS_PER_NETWORK} new visitors a day in all, not that many per instance`, async () => {
      const s0 = await stats();
      for (let i = 0; i < 2 * MAX_NEW_VISITORS_PER_NETWORK; i++) {
        const r = await view(i % 2 === 0 ? a : b, 'quote', `2001:db8:77:1::${(i + 1).toString(16)}`, `Bot/${i}`);
        expect(r.status).toBe(204);
      }
      await expect.poll(async () => (await stats()).uniqueVisitors - s0.uniqueVisitors, SECONDS).toBe(MAX_NEW_VISITORS_PER_NETWORK);
    });

    it('views counted in memory on each instance add up exactly, and a graceful stop writes the ones not written yet', async () => {
      const s0 = await stats();
      const third = await listenTestApp({ DATA_DIR: a.dataDir, TRUST_PROXY: '127.0.0.1' });
      const views = (via: ListeningTestApp, n: number, net: number) => Array.from({ length: n }, (_, i) => view(via, 'contact', `203.0.${net}.${i + 1}`));
      const answers = await Promise.all([...views(a, 30, 113), ...views(b, 30, 114), ...views(third, 25, 115)]);
      expect(answers.filter((r) => r.status === 204)).toHaveLength(85);
      // Stopped right after answering: its views are still in its memory, and close() writes them.
      await third.close();
      await expect.poll(async () => ((await stats()).pageViews['contact'] ?? 0) - (s0.pageViews['contact'] ?? 0), SECONDS).toBe(85);
      expect((await stats()).totalVisits - s0.totalVisits).toBe(85);
    });
  });
});
