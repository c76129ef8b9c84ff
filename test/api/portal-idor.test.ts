import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJson, type TestClient } from '../support/http-client.ts';
import type { PortalHub } from '../../src/contracts/portal.ts';
import { customerByLink, portalWorld, seedClient, type PortalWorld, type SeededClient } from './portal-world.ts';

/**
 * The client hub's IDOR matrix (docs/portal.md): a customer of client A tries every portal route
 * with client B's ids — B's client id, and A's client id with B's records — and always gets
 * 404 or 403 with none of B's data; B's records stay as they were. A portal route missing from
 * the table below fails the last test, so a new route has to be placed here.
 */
describe('client hub: a customer never reaches another client (IDOR matrix)', () => {
  let w: PortalWorld;
  let a: SeededClient;
  let b: SeededClient;
  let customerOfA: TestClient;
  const A_EMAIL = 'alice.a@example.com';
  const B_NAME = 'Bartholomew Zzyzx-Quartermaine';

  beforeAll(async () => {
    w = await portalWorld();
    a = await seedClient(w.admin, 'Alice Abernathy', [A_EMAIL]);
    b = await seedClient(w.admin, B_NAME, ['bart.b@example.com']);
    customerOfA = await customerByLink(w, A_EMAIL);
  }, 60_000);
  afterAll(async () => {
    await w.t.close();
    await w.smtp.close();
  });

  type Attempt = { route: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: object };
  const address = { line1: '1 Stolen Street', line2: '', city: 'X', region: '', postcode: '', country: '' };
  const attempts = (): Attempt[] => {
    const with_ = (clientId: string, docs: SeededClient): Attempt[] => [
      { route: 'GET /api/portal/clients/:clientId', method: 'GET', path: `/api/portal/clients/${clientId}` },
      { route: 'GET /api/portal/clients/:clientId/invoices/:id/pdf', method: 'GET', path: `/api/portal/clients/${clientId}/invoices/${docs.invoiceId}/pdf` },
      { route: 'GET /api/portal/clients/:clientId/visits/:id/sign-off.pdf', method: 'GET', path: `/api/portal/clients/${clientId}/visits/${docs.doneJobId}/sign-off.pdf` },
      { route: 'GET /api/portal/clients/:clientId/camera-plans/:id/pdf', method: 'GET', path: `/api/portal/clients/${clientId}/camera-plans/${docs.planId}/pdf` },
      { route: 'POST /api/portal/clients/:clientId/service-requests', method: 'POST', path: `/api/portal/clients/${clientId}/service-requests`, body: { siteId: docs.siteId, summary: 'Open the gate please' } },
      { route: 'PUT /api/portal/clients/:clientId/contact', method: 'PUT', path: `/api/portal/clients/${clientId}/contact`, body: { phone: '(555) 000-0000', email: A_EMAIL, billingAddress: address } },
      // Card on file: another client's card is never shown, saved over or removed (a setup session of B's under A's id: card-on-file.test.ts).
      { route: 'GET /api/portal/clients/:clientId/card', method: 'GET', path: `/api/portal/clients/${clientId}/card` },
      { route: 'POST /api/portal/clients/:clientId/card/setup', method: 'POST', path: `/api/portal/clients/${clientId}/card/setup`, body: {} },
      { route: 'POST /api/portal/clients/:clientId/card', method: 'POST', path: `/api/portal/clients/${clientId}/card`, body: { session: 'cs_of_b' } },
      { route: 'DELETE /api/portal/clients/:clientId/card', method: 'DELETE', path: `/api/portal/clients/${clientId}/card` },
    ];
    // B's client id with B's records (the picker switched to B), and A's client id with B's records
    // (the hub and the contact form take no record of B under A's id: they are A's own).
    const own = new Set(['GET /api/portal/clients/:clientId', 'PUT /api/portal/clients/:clientId/contact', ...['GET', 'POST', 'DELETE'].map((m) => `${m} /api/portal/clients/:clientId/card`), 'POST /api/portal/clients/:clientId/card/setup']);
    return [...with_(b.client.id, b), ...with_(a.client.id, b).filter((x) => !own.has(x.route))];
  };

  it("the picker does not list B, and every route with B's ids answers 404/403 with none of B's data", async () => {
    const mine = await expectJson<{ clients: { id: string }[] }>(await customerOfA.get('/api/portal/clients'), 200);
    expect(mine.clients.map((c) => c.id)).toEqual([a.client.id]);
    const secrets = [B_NAME, 'Bartholomew', b.invoiceNumber, 'bart.b@example.com'];
    const wrong: string[] = [];
    for (const x of attempts()) {
      const res = x.method === 'GET' ? await customerOfA.get(x.path) : await customerOfA.send(x.method, x.path, x.body);
      const text = await res.text();
      if (res.status !== 404 && res.status !== 403) wrong.push(`${x.method} ${x.path}: ${res.status}`);
      for (const s of secrets) if (text.includes(s)) wrong.push(`${x.method} ${x.path} leaks ${s}`);
    }
    expect(wrong).toEqual([]);
  });

  it("B's records are untouched and the office inbox got nothing from the attempts", async () => {
    const bob = await customerByLink(w, 'bart.b@example.com');
    const hub = await expectJson<PortalHub>(await bob.get(`/api/portal/clients/${b.client.id}`), 200);
    expect(hub.client).toMatchObject({ name: B_NAME, contact: { email: 'bart.b@example.com', phone: '(555) 867-5309' } });
    expect(hub.client.billingAddress.line1).not.toBe('1 Stolen Street');
    const inbox = await expectJson<{ messages: { subject: string }[] }>(await w.admin.get('/api/admin/messages'), 200);
    expect(inbox.messages.map((m) => m.subject)).not.toContain('Service request: Open the gate please');
    // …while A's own hub still works for A.
    expect((await customerOfA.get(`/api/portal/clients/${a.client.id}`)).status).toBe(200);
  });

  it("the public pages' viewer check answers 404 for B's proposal and invoice (and an unknown token), and knows A on A's own", async () => {
    for (const path of [`/api/portal/viewer/proposal/${b.proposalToken}`, `/api/portal/viewer/invoice/${b.invoiceToken}`, '/api/portal/viewer/invoice/no-such-token']) {
      const res = await customerOfA.get(path);
      const text = await res.text();
      expect({ path, status: res.status, leaks: [B_NAME, 'bart.b@example.com', b.client.id].filter((x) => text.includes(x)) }).toEqual({ path, status: 404, leaks: [] });
    }
    for (const path of [`/api/portal/viewer/proposal/${a.proposalToken}`, `/api/portal/viewer/invoice/${a.invoiceToken}`]) {
      expect(await expectJson(await customerOfA.get(path), 200)).toEqual({ clientId: a.client.id, name: 'Alice Abernathy', email: A_EMAIL });
    }
  });

  it('covers every client-scoped portal route', () => {
    const scoped = w.t.app.apiRoutes.filter((r) => r.url.startsWith('/api/portal/clients/')).map((r) => `${r.method} ${r.url}`);
    expect([...new Set(attempts().map((x) => x.route))].sort()).toEqual(scoped.sort());
  });
});
