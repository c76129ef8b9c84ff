import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { aContactRequest } from '../support/factories.ts';
import { DEMO } from '../support/demo-users.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';

/**
 * Two app instances on one database (one SQLite file here; MongoDB in production), as behind a
 * load balancer: whatever one instance decides about a visitor, the other honours.
 */
describe('two app instances on one database', () => {
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  beforeAll(async () => {
    a = await listenTestApp();
    b = await listenTestApp({ DATA_DIR: a.dataDir });
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
});
