import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectJson, type TestClient } from '../support/http-client.ts';
import { startStripePeer, type StripePeer } from '../support/stripe-peer.ts';
import { customerByLink, portalWorld, seedClient, type PortalWorld, type SeededClient } from './portal-world.ts';
import { TOKENS } from '../../src/container.ts';
import { runContractBilling } from '../../src/application/monitoring/run-billing-now.ts';
import type { CardOnFileView } from '../../src/contracts/card-on-file.ts';
import { AUTO_PAY_NEEDS_CARD } from '../../src/domain/payments/card-on-file.ts';
import type { ContractView } from '../../src/contracts/monitoring.ts';
import type { InvoiceDetailDto } from '../../src/contracts/invoices.ts';

/**
 * Card on file end to end over HTTP (docs/payments.md): the customer saves a card from the portal
 * on the provider's page (the loopback Stripe peer) and sees it masked; the office sees it on the
 * client record and switches auto-pay on (audited; refused without a card, at the field); the
 * monitoring billing run issues the auto-pay client's invoice and charges it once, also when two
 * runs race; a decline leaves it due and mails the customer (the office hears of the last retry); Remove detaches it.
 */
describe('card on file: portal, client record, billing run', () => {
  let peer: StripePeer;
  let w: PortalWorld;
  let a: SeededClient;
  let b: SeededClient;
  let alice: TestClient;
  let bart: TestClient;
  const A_EMAIL = 'alice.cardholder@example.com';
  const B_EMAIL = 'bartholomew.declined@example.com';

  beforeAll(async () => {
    peer = await startStripePeer();
    w = await portalWorld(peer.env);
    peer.webhookUrl = `${w.t.url}/api/payments/stripe/webhook`;
    a = await seedClient(w.admin, 'Alice Cardholder-Montgomery', [A_EMAIL]);
    b = await seedClient(w.admin, 'Bartholomew Declined', [B_EMAIL]);
    alice = await customerByLink(w, A_EMAIL);
    bart = await customerByLink(w, B_EMAIL);
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
    await w?.smtp.close();
    await peer?.close();
  });

  const card = (c: TestClient, clientId: string) => `/api/portal/clients/${clientId}/card`;
  async function until(check: () => Promise<boolean> | boolean): Promise<void> {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  }
  /** "Save a card" → the provider's page → Save → back to the portal; returns the session the return URL names. */
  async function saveOnProviderPage(c: TestClient, clientId: string): Promise<string> {
    const { url } = await expectJson<{ url: string }>(await c.send('POST', `${card(c, clientId)}/setup`, {}), 200);
    expect(url.startsWith(`${peer.url}/pay/`)).toBe(true);
    const back = (await fetch(url, { method: 'POST', redirect: 'manual' })).headers.get('location')!;
    expect(back).toMatch(new RegExp(`^${w.t.url}/portal\\?client=${clientId}&card=cs_`));
    return new URL(back).searchParams.get('card')!;
  }
  const expiry = `12/${new Date().getFullYear() + 3}`;

  it('the customer saves a card and sees it masked; the office sees it on the client record; the history says so', async () => {
    expect(await expectJson<CardOnFileView>(await alice.get(card(alice, a.client.id)), 200)).toEqual({ available: true, card: null, autoPay: false, consent: 'We charge this card for your monitoring invoices when they are issued. You can remove it any time.', declined: [] });
    const session = await saveOnProviderPage(alice, a.client.id);
    const saved = await expectJson<CardOnFileView>(await alice.send('POST', card(alice, a.client.id), { session }), 200);
    expect(saved.card).toEqual({ label: 'Visa •••• 4242', brand: 'visa', last4: '4242', expiry });
    // The return page reloading (the same session again) changes nothing.
    expect(await expectJson<CardOnFileView>(await alice.send('POST', card(alice, a.client.id), { session }), 200)).toEqual(saved);
    expect(await expectJson<CardOnFileView>(await w.admin.get(`/api/clients/${a.client.id}/card`), 200)).toMatchObject({ card: { label: 'Visa •••• 4242', expiry }, autoPay: false });
    const related = await expectJson<{ history: { action: string; changes: { field: string; to: unknown }[] }[] }>(await w.admin.get(`/api/clients/${a.client.id}/related`), 200);
    expect(related.history.filter((e) => e.action === 'card-saved')).toEqual([expect.objectContaining({ changes: [{ field: 'card', from: null, to: `Visa •••• 4242, exp ${expiry}` }] })]);
    // Nothing about the number is stored.
    const stored = await w.t.container.resolve(TOKENS.Store).collection('client_cards').get(a.client.id);
    expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|number|cvc/);
  });

  it("another client's setup session saves nothing on mine, and another client's card is never shown or removed", async () => {
    const bSession = await saveOnProviderPage(bart, b.client.id);
    const res = await alice.send('POST', card(alice, a.client.id), { session: bSession });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('No card was saved on that page');
    for (const r of [await alice.get(card(alice, b.client.id)), await alice.send('DELETE', card(alice, b.client.id)), await alice.send('POST', card(alice, b.client.id), { session: bSession })]) expect(r.status).toBe(404);
    expect((await expectJson<CardOnFileView>(await bart.get(card(bart, b.client.id)), 200)).card).toBeNull();
    expect(await expectJson<CardOnFileView>(await bart.send('POST', card(bart, b.client.id), { session: bSession }), 200)).toMatchObject({ card: { label: 'Visa •••• 4242' } });
  });

  it('auto-pay: refused without a card (at the field), needs editClients, audited on and off', async () => {
    expect(AUTO_PAY_NEEDS_CARD).toBe('Auto-pay monitoring invoices: the client has no card on file. Ask the client to save a card in their portal first.');
    const none = await seedClient(w.admin, 'Cardless Client', ['cardless@example.com']);
    const res = await w.admin.send('PUT', `/api/clients/${none.client.id}/auto-pay`, { autoPay: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'validation', message: AUTO_PAY_NEEDS_CARD, fields: { autoPay: [AUTO_PAY_NEEDS_CARD] } } });
    expect((await alice.send('PUT', `/api/clients/${a.client.id}/auto-pay`, { autoPay: true })).status).toBe(403);
    expect(await expectJson<CardOnFileView>(await w.admin.send('PUT', `/api/clients/${a.client.id}/auto-pay`, { autoPay: true }), 200)).toMatchObject({ autoPay: true });
    const related = await expectJson<{ history: { action: string; changes: unknown[] }[] }>(await w.admin.get(`/api/clients/${a.client.id}/related`), 200);
    expect(related.history.find((e) => e.action === 'auto-pay-on')?.changes).toEqual([{ field: 'autoPay', from: 'off', to: 'on' }]);
    expect((await expectJson<CardOnFileView>(await alice.get(card(alice, a.client.id)), 200)).autoPay).toBe(true);
  });

  it('the billing run issues the auto-pay invoice and charges it once, also when two runs race; the webhook books it once', async () => {
    peer.deliveries = 2;
    const before = peer.charges.length;
    await expectJson(await w.admin.send('POST', `/api/monitoring/contracts/${a.contractId}/status`, { to: 'active' }), 200);
    const view = async () => expectJson<ContractView>(await w.admin.get(`/api/monitoring/contracts/${a.contractId}`), 200);
    await until(async () => (await view()).invoices.every((i) => i.invoiceStatus === 'paid'));
    const first = (await view()).invoices;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ invoiceStatus: 'paid', amountCents: expect.any(Number) });
    expect(peer.charges.length - before).toBe(1);
    expect(peer.charges.at(-1)).toMatchObject({ off_session: true, amount: first[0]!.amountCents, metadata: { invoice_id: first[0]!.invoiceId } });
    // A month on: two runs at once make each new period's invoice once and charge it once.
    const m = w.t.container.resolve(TOKENS.Monitoring);
    const nextMonth = new Date(Date.now() + 32 * 86_400_000);
    await Promise.all([runContractBilling(m, nextMonth), runContractBilling(m, nextMonth)]);
    const made = (await view()).invoices;
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(peer.charges.length - before).toBe(made.length);
    // (The webhook books a payment today, before this simulated run's issue date, so only the charge is checked here.)
    for (const inv of made.filter((i) => i.invoiceId !== first[0]!.invoiceId)) {
      expect(peer.charges.filter((c) => (c['metadata'] as { invoice_id?: string }).invoice_id === inv.invoiceId)).toHaveLength(1);
      const d = await expectJson<InvoiceDetailDto>(await w.admin.get(`/api/invoices/${inv.invoiceId}`), 200);
      expect(d.audit.filter((e) => e.action === 'send')).toHaveLength(1);
      expect(d.audit.filter((e) => e.action === 'auto-pay-attempt')).toEqual([expect.objectContaining({ changes: expect.arrayContaining([{ field: 'result', from: null, to: 'succeeded' }]) })]);
    }
    const d = await expectJson<InvoiceDetailDto>(await w.admin.get(`/api/invoices/${first[0]!.invoiceId}`), 200);
    expect(d.invoice.payments).toHaveLength(1);
    expect(d.audit.filter((e) => e.action === 'payment')).toHaveLength(1);
    peer.deliveries = 1;
  });

  it('a declined card: the invoice stays due, the customer gets a payment-failed mail saying when it is tried again; the office waits for the last attempt', async () => {
    const saved = await expectJson<CardOnFileView>(await bart.get(card(bart, b.client.id)), 200);
    expect(saved.card).not.toBeNull();
    const pm = (await w.t.container.resolve(TOKENS.Store).collection<{ card: { paymentMethodId: string } }>('client_cards').get(b.client.id))!.card.paymentMethodId;
    peer.declining.add(pm);
    await expectJson(await w.admin.send('PUT', `/api/clients/${b.client.id}/auto-pay`, { autoPay: true }), 200);
    const mails = w.smtp.received.length;
    await expectJson(await w.admin.send('POST', `/api/monitoring/contracts/${b.contractId}/status`, { to: 'active' }), 200);
    const inv = (await expectJson<ContractView>(await w.admin.get(`/api/monitoring/contracts/${b.contractId}`), 200)).invoices[0]!;
    await until(async () => (await expectJson<InvoiceDetailDto>(await w.admin.get(`/api/invoices/${inv.invoiceId}`), 200)).audit.some((e) => e.action === 'payment-failed'));
    const d = await expectJson<InvoiceDetailDto>(await w.admin.get(`/api/invoices/${inv.invoiceId}`), 200);
    expect(d.invoice).toMatchObject({ status: 'sent', balanceCents: inv.amountCents, payments: [] });
    const due = `$${(inv.amountCents! / 100).toFixed(2)}`;
    const failedNotes = async () => (await expectJson<{ items: { title: string }[] }>(await w.admin.get('/api/notifications'), 200)).items.filter((n) => n.title.includes(inv.number!) && /failed/.test(n.title));
    const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const failedMails = () => w.smtp.received.slice(mails).filter((m) => m.to.includes(B_EMAIL) && plain(m.raw).includes('We could not charge'));
    await until(() => failedMails().length > 0);
    expect(failedMails()).toHaveLength(1);
    const text = plain(failedMails()[0]!.raw);
    expect(text).toContain(`We could not charge ${due} for invoice ${inv.number} to your card: Your card was declined.`);
    expect(text).toContain(`${due} is still due`);
    expect(text).toContain('Your card was declined.');
    expect(text).toContain(`/portal?client=${b.client.id}`);
    expect(text).toMatch(/We will try your card again on \w+day, \w+ \d+\./);
    expect(await failedNotes()).toEqual([]);
  });

  it('Remove: the card is detached at the provider, forgotten, and auto-pay goes off with it (audited)', async () => {
    const pm = (await w.t.container.resolve(TOKENS.Store).collection<{ card: { paymentMethodId: string } }>('client_cards').get(a.client.id))!.card.paymentMethodId;
    expect(await expectJson<CardOnFileView>(await alice.send('DELETE', card(alice, a.client.id)), 200)).toMatchObject({ card: null, autoPay: false });
    const res = await fetch(`${peer.url}/v1/payment_methods/${pm}`, { headers: { authorization: `Bearer ${peer.env['STRIPE_SECRET_KEY']}` } });
    expect(((await res.json()) as { customer: string | null }).customer).toBeNull();
    expect(await expectJson<CardOnFileView>(await w.admin.get(`/api/clients/${a.client.id}/card`), 200)).toMatchObject({ card: null, autoPay: false });
    const related = await expectJson<{ history: { action: string; changes: unknown[] }[] }>(await w.admin.get(`/api/clients/${a.client.id}/related`), 200);
    expect(related.history.find((e) => e.action === 'card-removed')?.changes).toEqual([
      { field: 'card', from: `Visa •••• 4242, exp ${expiry}`, to: null },
      { field: 'autoPay', from: 'on', to: 'off' },
    ]);
  });
});
