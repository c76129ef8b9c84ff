import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import type { PortalHub } from '../../src/contracts/portal.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';
import { customerByLink, linkMailedTo, portalWorld, seedClient, type PortalWorld, type SeededClient } from './portal-world.ts';

const ANN = 'annabel.featherstonehaugh-wainwright@example.com';

describe('client hub: /api/portal', () => {
  let w: PortalWorld;
  let a: SeededClient;
  let a2: SeededClient;
  let ann: TestClient;

  beforeAll(async () => {
    w = await portalWorld();
    a = await seedClient(w.admin, 'Annabel Featherstonehaugh-Wainwright', [ANN]);
    // A second client sharing her e-mail (her business): the picker lists both.
    a2 = await seedClient(w.admin, 'Wainwright Bakery LLC', ['orders@wainwright.example', ANN.toUpperCase()]);
    ann = await customerByLink(w, ANN);
  }, 60_000);
  afterAll(async () => {
    await w.t.close();
    await w.smtp.close();
  });

  it('a customer signed in by e-mailed link is an ordinary signed-in user, and her picker lists every client with her e-mail', async () => {
    const session = await expectJson<{ state: string; user: { email: string } }>(await ann.get('/api/session'), 200);
    expect(session).toMatchObject({ state: 'other', user: { email: ANN } });
    const mine = await expectJson<{ clients: { id: string; name: string }[] }>(await ann.get('/api/portal/clients'), 200);
    expect(mine.clients.map((c) => c.id).sort()).toEqual([a.client.id, a2.client.id].sort());
  });

  it('the hub shows her proposals, invoices, visits, contracts and plans with links to the public pages', async () => {
    const hub = await expectJson<PortalHub>(await ann.get(`/api/portal/clients/${a.client.id}`), 200);
    expect(hub.client).toMatchObject({ name: a.client.name, contact: { email: ANN, phone: '(555) 867-5309' } });
    expect(hub.invoices).toEqual([expect.objectContaining({ id: a.invoiceId, number: a.invoiceNumber, totalCents: 123_456, balanceCents: 123_456, status: 'sent', link: expect.stringMatching(/^\/i\/[A-Za-z0-9_-]+$/) })]);
    expect(hub.proposals).toEqual([expect.objectContaining({ id: a.proposalId, status: 'open', link: expect.stringMatching(/^\/p\//) })]);
    expect(hub.visits.map((v) => [v.id, v.when, v.technicians, v.signOff])).toEqual([
      [a.upcomingJobId, 'upcoming', ['Maria'], false],
      [a.doneJobId, 'past', ['Maria'], true],
    ]);
    expect(hub.contracts).toEqual([expect.objectContaining({ id: a.contractId, plan: 'Gold monitoring', monthlyFeeCents: 3999 })]);
    expect(hub.cameraPlans).toEqual([expect.objectContaining({ id: a.planId })]);
    // The invoice link is the live public page.
    const pub = await new TestClient(w.t.url).get(`/api/public/invoices/${hub.invoices[0]!.link!.slice(3)}`);
    expect(pub.status).toBe(200);
  });

  it('a revoked invoice link shows no link in the hub', async () => {
    await expectJson(await w.admin.send('POST', `/api/invoices/${a2.invoiceId}/link/revoke`, {}), 200);
    const hub = await expectJson<PortalHub>(await ann.get(`/api/portal/clients/${a2.client.id}`), 200);
    expect(hub.invoices[0]).toMatchObject({ id: a2.invoiceId, link: null });
  });

  it('serves her invoice, sign-off and camera-plan PDFs', async () => {
    for (const path of [`invoices/${a.invoiceId}/pdf`, `visits/${a.doneJobId}/sign-off.pdf`, `camera-plans/${a.planId}/pdf`]) {
      const res = await ann.get(`/api/portal/clients/${a.client.id}/${path}`);
      expect({ path, status: res.status, type: res.headers.get('content-type') }).toEqual({ path, status: 200, type: 'application/pdf' });
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('a service request lands in the office inbox, and staff can open a job from it once', async () => {
    const empty = await ann.send('POST', `/api/portal/clients/${a.client.id}/service-requests`, { siteId: a.siteId, summary: '' });
    const err = await expectJson<ApiError>(empty, 400);
    expect(err.error.fields?.['summary']).toEqual(['Say in a few words what needs doing.']);
    const ok = await expectJson<{ message: string }>(await ann.send('POST', `/api/portal/clients/${a.client.id}/service-requests`, { siteId: a.siteId, summary: 'Back door sensor beeps', details: 'Every night at 2 am.' }), 200);
    expect(ok.message).toContain("Annabel's home");
    type Listed = { id: string; subject: string; status: string; message: string; serviceRequest?: { jobId: string | null; jobNumber: string | null } | null };
    const listed = async () => (await expectJson<{ messages: Listed[] }>(await w.admin.get('/api/admin/messages'), 200)).messages;
    const msg = (await listed()).find((m) => m.subject === 'Service request: Back door sensor beeps')!;
    // The inbox knows it is a service request (so it offers "Open a job"), and other messages are not.
    expect(msg).toMatchObject({ status: 'new', serviceRequest: { jobId: null, jobNumber: null } });
    expect((await listed()).filter((m) => !m.subject.startsWith('Service request:')).every((m) => m.serviceRequest === null)).toBe(true);
    expect(msg.message).toContain('Every night at 2 am.');
    const job = await expectJson<{ jobId: string; number: string }>(await w.admin.send('POST', `/api/admin/messages/${msg.id}/job`, {}), 200);
    const opened = await expectJson<{ job?: { clientId: string; type: string; title: string } } & { clientId?: string; type?: string; title?: string }>(await w.admin.get(`/api/jobs/${job.jobId}`), 200);
    expect(opened.job ?? opened).toMatchObject({ clientId: a.client.id, type: 'service', title: 'Back door sensor beeps' });
    expect((await listed()).find((m) => m.id === msg.id)).toMatchObject({ status: 'answered', serviceRequest: { jobId: job.jobId, jobNumber: job.number } });
    expect((await w.admin.send('POST', `/api/admin/messages/${msg.id}/job`, {})).status).toBe(409);
    // A customer is not staff: she cannot open jobs.
    expect((await ann.send('POST', `/api/admin/messages/${msg.id}/job`, {})).status).toBe(403);
  });

  it('updating contact details: field messages, audited with her as the actor, and the office is told', async () => {
    const bad = await ann.send('PUT', `/api/portal/clients/${a.client.id}/contact`, { phone: 'call me', email: 'not-an-email', billingAddress: { line1: '', line2: '', city: '', region: '', postcode: '', country: '' } });
    const err = await expectJson<ApiError>(bad, 400);
    expect(err.error.fields).toMatchObject({ phone: [expect.stringMatching(/^Phone: use digits, spaces and \+ \( \) - \. only, such as \(555\) 010-2000/)], email: ['Enter a valid e-mail address.'] });
    const address = { line1: '12 Long Meadow Road', line2: '', city: 'Springfield', region: 'IL', postcode: '62704', country: 'US' };
    const ok = await expectJson<{ emailChanged: boolean }>(await ann.send('PUT', `/api/portal/clients/${a.client.id}/contact`, { phone: '(555) 010-2030', email: ANN, billingAddress: address }), 200);
    expect(ok.emailChanged).toBe(false);
    const hub = await expectJson<PortalHub>(await ann.get(`/api/portal/clients/${a.client.id}`), 200);
    expect(hub.client).toMatchObject({ billingAddress: address, contact: { phone: '(555) 010-2030' } });
    const related = await expectJson<{ history: { actorName: string; action: string }[] }>(await w.admin.get(`/api/clients/${a.client.id}/related`), 200);
    expect(related.history[0]).toMatchObject({ action: 'update', actorName: 'Annabel Featherstonehaugh-Wainwright' });
    const inbox = await expectJson<{ messages: { subject: string; message: string }[] }>(await w.admin.get('/api/admin/messages'), 200);
    // The office reads a before → after list of what changed, never the stored JSON.
    const said = inbox.messages.find((m) => m.subject === `Contact details changed: ${a.client.name}`)!.message;
    expect(said.split('\n')[0]).toBe('Annabel Featherstonehaugh-Wainwright changed their details in the client hub:');
    expect(said).toContain('Phone: (555) 867-5309 → (555) 010-2030');
    expect(said).toMatch(/^Billing address: \d+ Birch Lane, Riverton, IL 60001 → 12 Long Meadow Road, Springfield, IL 62704$/m);
    expect(said).not.toMatch(/[{}"[\]]|line1|E-mail:/);
  });
});

describe('client hub: contact details on a client with several contacts', () => {
  let w: PortalWorld;
  beforeAll(async () => {
    w = await portalWorld();
  }, 60_000);
  afterAll(async () => {
    await w.t.close();
    await w.smtp.close();
  });

  it("the office is told about her own contact's change, even when her new e-mail is also another contact's", async () => {
    const DORA = 'dora.featherstonehaugh@example.com';
    const client = await expectJson<{ id: string; name: string }>(
      await w.admin.send('POST', '/api/clients', aClientInput({ name: 'Featherstonehaugh Family Trust', contacts: [
        { name: 'Front desk', role: 'Office', emails: ['front-desk@featherstonehaugh.example'], phones: ['(555) 111-2222'] },
        { name: 'Dora Featherstonehaugh', role: 'Owner', emails: [DORA], phones: ['(555) 333-4444'] },
      ] })),
      201,
    );
    const dora = await customerByLink(w, DORA);
    const address = (await expectJson<PortalHub>(await dora.get(`/api/portal/clients/${client.id}`), 200)).client.billingAddress;
    const ok = await expectJson<{ emailChanged: boolean }>(await dora.send('PUT', `/api/portal/clients/${client.id}/contact`, { phone: '(555) 333-4444', email: 'front-desk@featherstonehaugh.example', billingAddress: address }), 200);
    expect(ok.emailChanged).toBe(true);
    const inbox = await expectJson<{ messages: { subject: string; message: string }[] }>(await w.admin.get('/api/admin/messages'), 200);
    const said = inbox.messages.find((m) => m.subject === `Contact details changed: ${client.name}`)!.message;
    expect(said.split('\n').slice(0, 2)).toEqual(['Dora Featherstonehaugh changed their details in the client hub:', 'E-mail: dora.featherstonehaugh@example.com → front-desk@featherstonehaugh.example']);
    expect(said).not.toContain('Phone:');
  });
});

describe('customer sign-in links', () => {
  let w: PortalWorld;
  const BEA = 'bea@example.com';

  beforeAll(async () => {
    w = await portalWorld();
    await seedClient(w.admin, 'Bea Okonkwo', [BEA, 'maria@shieldline.example']);
  }, 60_000);
  afterAll(async () => {
    await w.t.close();
    await w.smtp.close();
  });

  it('answers the same for a stranger and sends them nothing', async () => {
    const c = new TestClient(w.t.url);
    const before = w.smtp.received.length;
    const stranger = await expectJson<{ message: string }>(await c.send('POST', '/api/portal/sign-in-link', { email: 'nobody@example.com' }), 200);
    const known = await expectJson<{ message: string }>(await c.send('POST', '/api/portal/sign-in-link', { email: BEA }), 200);
    expect(stranger.message).toBe(known.message);
    await linkMailedTo(w.smtp, BEA, before);
    expect(w.smtp.received.slice(before).some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    // The link mail greets the contact it goes to.
    expect(w.smtp.received.slice(before).find((m) => m.to.includes(BEA))!.raw).toContain('Hello Bea,');
  });

  it('a link works once; the second opening is refused with a clear message; only its hash is stored', async () => {
    const c = new TestClient(w.t.url);
    const before = w.smtp.received.length;
    await c.send('POST', '/api/portal/sign-in-link', { email: BEA });
    const token = await linkMailedTo(w.smtp, BEA, before);
    await expectJson(await c.send('POST', '/api/portal/sign-in', { token }), 200);
    const again = await expectJson<ApiError>(await new TestClient(w.t.url).send('POST', '/api/portal/sign-in', { token }), 410);
    expect(again.error.message).toBe('This sign-in link has already been used. Ask for a new one below.');
    const stored = await w.t.container.resolve(TOKENS.Store).collection('portal_sign_in_links').query({ limit: 100 });
    expect(JSON.stringify(stored.docs)).not.toContain(token);
    const unknown = await expectJson<ApiError>(await new TestClient(w.t.url).send('POST', '/api/portal/sign-in', { token: 'x'.repeat(43) }), 404);
    expect(unknown.error.message).toContain('not valid');
  });

  it('an expired link (older than 15 minutes) is refused', async () => {
    const c = new TestClient(w.t.url);
    const before = w.smtp.received.length;
    await c.send('POST', '/api/portal/sign-in-link', { email: 'maria@shieldline.example' });
    const token = await linkMailedTo(w.smtp, 'maria@shieldline.example', before);
    const links = w.t.container.resolve(TOKENS.Store).collection('portal_sign_in_links');
    const page = await links.query({ limit: 100 });
    for (const d of page.docs) if (d['email'] === 'maria@shieldline.example') await links.update(d.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await expectJson<ApiError>(await c.send('POST', '/api/portal/sign-in', { token }), 410);
    expect(res.error.message).toContain('expired');
  });

  it("never grants staff access, even for an employee's e-mail", async () => {
    const c = new TestClient(w.t.url);
    // Maria's address is also a contact of Bea's client; her link signs her in as a customer only.
    await new Promise((r) => setTimeout(r, 10));
    const before = w.smtp.received.length;
    await c.send('POST', '/api/portal/sign-in-link', { email: 'maria@shieldline.example' });
    const token = await linkMailedTo(w.smtp, 'maria@shieldline.example', before);
    await expectJson(await c.send('POST', '/api/portal/sign-in', { token }), 200);
    c.forgetCsrf();
    const session = await expectJson<{ state: string; permissions: Record<string, boolean> }>(await c.get('/api/session'), 200);
    expect(session.state).toBe('other');
    expect(Object.values(session.permissions).some(Boolean)).toBe(false);
    expect((await c.get('/api/jobs')).status).toBe(403);
    expect((await c.get('/api/jobs/mine')).status).toBe(403);
    expect((await c.get('/api/portal/clients')).status).toBe(200);
    // Signed in through the identity provider, the same person is staff as before.
    const staff = await TestClient.signedIn(w.t.url, DEMO.employee);
    expect((await staff.get('/api/jobs')).status).toBe(200);
  });

  it('is rate-limited per address (3 links per 15 minutes), with the same answer for every address', async () => {
    const c = new TestClient(w.t.url);
    const email = 'flood.target@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await c.send('POST', '/api/portal/sign-in-link', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address is not held back by the first one's count.
    expect((await c.send('POST', '/api/portal/sign-in-link', { email: 'someone.else@example.com' })).status).toBe(200);
  });
});
