import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import { aClient, aClientInput, aSite } from '../unit/clients/client-factories.ts';
import { aProposalRequest, SIGNED } from '../support/proposal-doubles.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDetailDto, InvoiceDto } from '../../src/contracts/invoices.ts';
import type { ProposalDto } from '../../src/contracts/proposals.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import type { AuditEntryDto } from '../../src/contracts/audit.ts';

const CUSTOMER = 'Philippa Featherstonehaugh-Wainwright';
const STREET = '4471 Lantern Ridge Boulevard';

/**
 * Issue 15 finding 6: public invoice and proposal links can be revoked and rotated by staff; void
 * and decline kill them; a dead link answers "no longer valid, contact <company>" without one
 * word of the customer's data.
 */
describe('public document links: revoke and rotate', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let visitor: TestClient;
  let client: ClientView;

  beforeAll(async () => {
    t = await listenTestApp();
    admin = await TestClient.signedIn(t.url, DEMO.admin);
    maria = await TestClient.signedIn(t.url, DEMO.employee);
    visitor = new TestClient(t.url);
    const input = aClientInput({ name: CUSTOMER, sites: [{ label: 'Home', address: { line1: STREET, city: 'Springfield', postcode: '62701' } }] as never });
    client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', { ...input, billingAddress: { ...input.billingAddress, line1: STREET } }), 201);
  });
  afterAll(() => t.close());

  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  async function sentInvoice(): Promise<{ id: string; token: string; number: string }> {
    const inv = await expectJson<InvoiceDto>(
      await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', title: 'Alarm panel for the east wing', lines: [{ description: 'Panel', quantity: 1, unitPriceCents: 123_456, taxRateBp: 0 }] }),
      201,
    );
    await expectJson(await admin.send('POST', `/api/invoices/${inv.id}/send`, {}), 200);
    const detail = await expectJson<InvoiceDetailDto>(await admin.get(`/api/invoices/${inv.id}`), 200);
    return { id: inv.id, token: tokenOf(detail.publicUrl), number: inv.number };
  }

  /** A dead link: 410, the company's name to contact, and nothing of the customer or the document. */
  async function expectDead(path: string, secrets: string[]) {
    const res = await visitor.get(path);
    const text = await res.text();
    expect({ path, status: res.status }).toEqual({ path, status: 410 });
    const body = JSON.parse(text) as ApiError;
    expect(body.error.message).toContain('no longer valid');
    expect(body.error.message).toContain(t.config.company.name);
    for (const s of secrets) expect(text).not.toContain(s);
  }

  it('rotating an invoice link: the old link is dead (page and PDF), the new one works, and the change is audited', async () => {
    const inv = await sentInvoice();
    expect((await visitor.get(`/api/public/invoices/${inv.token}`)).status).toBe(200);

    const rotated = await expectJson<{ url: string; active: boolean }>(await admin.send('POST', `/api/invoices/${inv.id}/link/rotate`, {}), 200);
    expect(rotated.active).toBe(true);
    const fresh = tokenOf(rotated.url);
    expect(fresh).not.toBe(inv.token);

    const secrets = [CUSTOMER, STREET, inv.number, '1,234.56', 'east wing'];
    await expectDead(`/api/public/invoices/${inv.token}`, secrets);
    await expectDead(`/api/public/invoices/${inv.token}/pdf`, secrets);
    expect((await visitor.get(`/api/public/invoices/${fresh}`)).status).toBe(200);

    const detail = await expectJson<InvoiceDetailDto & { linkActive: boolean }>(await admin.get(`/api/invoices/${inv.id}`), 200);
    expect(detail).toMatchObject({ publicUrl: rotated.url, linkActive: true });
    const entry = detail.audit.find((e: AuditEntryDto) => e.action === 'link-rotated');
    expect(entry).toMatchObject({ actorName: 'Frank Miller' });
    expect(JSON.stringify(detail.audit)).not.toContain(inv.token);
  });

  it('revoking an invoice link kills it; voiding an invoice kills its link too', async () => {
    const inv = await sentInvoice();
    const revoked = await expectJson<{ url: string; active: boolean }>(await admin.send('POST', `/api/invoices/${inv.id}/link/revoke`, {}), 200);
    expect(revoked.active).toBe(false);
    await expectDead(`/api/public/invoices/${inv.token}`, [CUSTOMER, STREET, inv.number]);
    const detail = await expectJson<InvoiceDetailDto & { linkActive: boolean }>(await admin.get(`/api/invoices/${inv.id}`), 200);
    expect(detail.linkActive).toBe(false);
    expect((await admin.send('POST', `/api/invoices/${inv.id}/send`, {})).status).toBe(409);
    expect(detail.audit.some((e) => e.action === 'link-revoked')).toBe(true);

    const other = await sentInvoice();
    await expectJson(await admin.send('POST', `/api/invoices/${other.id}/void`, { reason: 'Billed the wrong customer' }), 200);
    await expectDead(`/api/public/invoices/${other.token}`, [CUSTOMER, STREET, other.number, 'wrong customer']);
    await expectDead(`/api/public/invoices/${other.token}/pdf`, [CUSTOMER, STREET, other.number]);
    // A void invoice gets no new link.
    expect((await admin.send('POST', `/api/invoices/${other.id}/link/rotate`, {})).status).toBe(409);
  });

  it('proposals: rotate and revoke kill the old link; a decline kills it too', async () => {
    const base = aSite();
    const site = { ...base, address: { ...base.address, line1: STREET } };
    const owner = await t.container.resolve(TOKENS.Clients).create(aClient({ name: CUSTOMER, sites: [site] }));
    const make = async () => {
      const p = await expectJson<ProposalDto>(await admin.send('POST', '/api/proposals', aProposalRequest(owner.id, site.id)), 201);
      await expectJson(await admin.send('POST', `/api/proposals/${p.id}/send`, { to: 'pfw@example.com' }), 200);
      return p;
    };
    const p = await make();
    expect((await visitor.get(`/api/public/proposals/${p.publicToken}`)).status).toBe(200);
    const rotated = await expectJson<{ url: string; active: boolean }>(await admin.send('POST', `/api/proposals/${p.id}/link/rotate`, {}), 200);
    await expectDead(`/api/public/proposals/${p.publicToken}`, [CUSTOMER, STREET, p.number]);
    await expectDead(`/api/public/proposals/${p.publicToken}/pdf`, [CUSTOMER, STREET, p.number]);
    const fresh = tokenOf(rotated.url);
    expect((await visitor.get(`/api/public/proposals/${fresh}`)).status).toBe(200);
    // The old link cannot accept either.
    expect((await visitor.send('POST', `/api/public/proposals/${p.publicToken}/accept`, { optionId: 'opt-1', name: CUSTOMER, ...SIGNED })).status).toBe(410);

    await expectJson(await admin.send('POST', `/api/proposals/${p.id}/link/revoke`, {}), 200);
    await expectDead(`/api/public/proposals/${fresh}`, [CUSTOMER, STREET, p.number]);
    // Sending again would mail a dead link: refused until a new link is made.
    const resend = await admin.send('POST', `/api/proposals/${p.id}/send`, { to: 'pfw@example.com' });
    expect(resend.status).toBe(409);
    expect(((await resend.json()) as ApiError).error.message).toContain('Make a new link first');
    const staff = await expectJson<ProposalDto & { linkActive: boolean }>(await admin.get(`/api/proposals/${p.id}`), 200);
    expect(staff.linkActive).toBe(false);
    const audit = await expectJson<{ entries: { action: string }[] }>(await admin.get(`/api/proposals/${p.id}/audit`), 200);
    expect(audit.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['link-rotated', 'link-revoked']));

    const declined = await make();
    await expectJson(await visitor.send('POST', `/api/public/proposals/${declined.publicToken}/decline`, { reason: 'Too dear' }), 200);
    await expectDead(`/api/public/proposals/${declined.publicToken}`, [CUSTOMER, STREET, declined.number, 'Too dear']);
  });

  it('only editors revoke or rotate: a clients-only employee is refused, a visitor must sign in', async () => {
    const inv = await sentInvoice();
    for (const path of [`/api/invoices/${inv.id}/link/revoke`, `/api/invoices/${inv.id}/link/rotate`, '/api/proposals/any/link/revoke', '/api/proposals/any/link/rotate']) {
      expect({ path, status: (await maria.send('POST', path, {})).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await visitor.send('POST', path, {})).status }).toEqual({ path, status: 401 });
    }
    expect((await visitor.get(`/api/public/invoices/${inv.token}`)).status).toBe(200);
  });
});
