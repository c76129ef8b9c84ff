import { describe, expect, it } from 'vitest';
import { usePaymentsApp } from '../support/payments-app.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDetailDto, InvoiceDto } from '../../src/contracts/invoices.ts';
import { autoPayInvoice, autoPayKey } from '../../src/application/payments/auto-pay-invoice.ts';
import type { SavedCard } from '../../src/domain/payments/payment-provider.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';

const json = async <T,>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
};

/**
 * Card on file and auto-pay through the Stripe adapter (the official SDK) against the loopback
 * peer: a setup-mode Checkout saves a card (shown masked), an off-session charge with the
 * invoice's idempotency key charges once however often it is asked, the webhook records it once;
 * a decline leaves the invoice due (retries and who is told: auto-pay-retries.test.ts).
 */
describe('card on file and auto-pay (Stripe, loopback peer)', () => {
  const w = usePaymentsApp();
  const deps = () => w.t.container.resolve(TOKENS.PaymentDeps);
  async function monitoringInvoice(): Promise<{ client: ClientView; inv: InvoiceDto }> {
    const client = await json<ClientView>(await w.admin.send('POST', '/api/clients', aClientInput()));
    const inv = await json<InvoiceDto>(await w.admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net15', title: 'Monitoring 2026-11', lines: [{ description: 'Gold monitoring, November', quantity: 1, unitPriceCents: 4_999, taxRateBp: 0 }] }));
    await json(await w.admin.send('POST', `/api/invoices/${inv.id}/send`, {}));
    return { client, inv };
  }
  async function saveCard(client: ClientView): Promise<SavedCard> {
    const provider = deps().provider!;
    const setup = await provider.startCardSetup!({ customerId: null, clientId: client.id, clientName: client.name, email: client.contacts[0]?.emails[0] ?? null, currency: 'USD', successUrl: `${w.t.url}/portal?card={CHECKOUT_SESSION_ID}`, cancelUrl: `${w.t.url}/portal` });
    expect(setup.url).toBe(`${w.peer.url}/pay/${setup.sessionId}`);
    expect(w.peer.sessions.get(setup.sessionId)).toMatchObject({ mode: 'setup', customer: setup.customerId, metadata: { client_id: client.id } });
    expect(await provider.savedCard!(setup.sessionId)).toBeNull();
    // The customer saves the card on the provider's page.
    const page = await fetch(setup.url, { method: 'POST', redirect: 'manual' });
    expect(page.headers.get('location')).toBe(`${w.t.url}/portal?card=${setup.sessionId}`);
    const card = (await provider.savedCard!(setup.sessionId))!;
    expect(card).toMatchObject({ customerId: setup.customerId, brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getFullYear() + 3 });
    return card;
  }
  const detail = async (id: string) => json<InvoiceDetailDto>(await w.admin.get(`/api/invoices/${id}`));
  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 60 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  }

  it('a saved card pays an invoice off-session once, however often auto-pay runs; the webhook (delivered twice) books it once', async () => {
    const { client, inv } = await monitoringInvoice();
    const card = await saveCard(client);
    w.peer.deliveries = 2;
    const before = w.peer.charges.length;
    const [a, b] = await Promise.all([autoPayInvoice(deps(), inv.id, card), autoPayInvoice(deps(), inv.id, card)]);
    const again = await autoPayInvoice(deps(), inv.id, card);
    expect(w.peer.charges.length - before).toBe(1);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^pi_/) });
    expect(w.peer.charges.at(-1)).toMatchObject({ off_session: true, amount: 4_999, customer: card.customerId, payment_method: card.paymentMethodId, metadata: { invoice_id: inv.id } });
    expect(autoPayKey(inv.id)).toBe(`invoice-autopay:${inv.id}`);
    await until(async () => (await detail(inv.id)).invoice.status === 'paid');
    await new Promise((r) => setTimeout(r, 150)); // the second delivery
    w.peer.deliveries = 1;
    const d = await detail(inv.id);
    expect(d.invoice).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(d.invoice.payments).toEqual([expect.objectContaining({ amountCents: 4_999, method: 'card', reference: (a as { reference: string }).reference })]);
    expect(d.audit.filter((e) => e.action === 'payment')).toHaveLength(1);
    // Paid now: a later run charges nothing.
    expect(again.status === 'skipped' || (again.status === 'succeeded' && again.reference === (a as { reference: string }).reference)).toBe(true);
    expect(await autoPayInvoice(deps(), inv.id, card)).toEqual({ status: 'skipped', reason: `${inv.number} is paid in full. Thank you.` });
  });

  it('a declined saved card leaves the invoice due and audits the failure; one attempt does not tell the office (the last does: auto-pay-retries.test.ts)', async () => {
    const { client, inv } = await monitoringInvoice();
    const card = await saveCard(client);
    w.peer.declining.add(card.paymentMethodId);
    const result = await autoPayInvoice(deps(), inv.id, card);
    expect(result).toMatchObject({ status: 'failed', reason: 'Your card was declined.' });
    await until(async () => (await detail(inv.id)).audit.some((e) => e.action === 'payment-failed'));
    const d = await detail(inv.id);
    expect(d.invoice).toMatchObject({ status: 'sent', balanceCents: 4_999, payments: [] });
    expect(d.audit.find((e) => e.action === 'payment-failed')?.changes).toEqual(expect.arrayContaining([{ field: 'reason', from: null, to: 'Your card was declined.' }]));
    const notes = await json<{ items: { title: string }[] }>(await w.admin.get('/api/notifications'));
    expect(notes.items.filter((n) => n.title.includes(inv.number))).toEqual([]);
  });

  it('a removed card is detached at the provider', async () => {
    const { client } = await monitoringInvoice();
    const card = await saveCard(client);
    await deps().provider!.removeCard!(card.paymentMethodId);
    const res = await fetch(`${w.peer.url}/v1/payment_methods/${card.paymentMethodId}`, { headers: { authorization: `Bearer ${w.peer.env['STRIPE_SECRET_KEY']}` } });
    expect((await res.json()) as { customer: string | null }).toMatchObject({ customer: null });
  });
});
