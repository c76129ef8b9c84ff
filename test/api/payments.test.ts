import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { startStripePeer, type StripePeer } from '../support/stripe-peer.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDetailDto, InvoiceDto, PublicInvoiceDto } from '../../src/contracts/invoices.ts';
import type { CheckoutResponse, PaymentStatusDto } from '../../src/contracts/payments.ts';
import { PROCESSED_EVENTS } from '../../src/adapters/documents/document-invoice-repository.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';
import { pdfText } from '../support/invoice-deps.ts';

const json = async <T,>(res: Response): Promise<T> => (await res.json()) as T;
const line = { description: 'Smoke detector', quantity: 2, unitPriceCents: 5_000, taxRateBp: 825 };

/** A sent invoice of $108.25 for a new client, and its public token (as the client's mail carries it). */
async function sentInvoice(t: ListeningTestApp, admin: TestClient): Promise<{ inv: InvoiceDto; token: string }> {
  const client = await json<ClientView>(await admin.send('POST', '/api/clients', aClientInput()));
  const inv = await json<InvoiceDto>(await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [line] }));
  expect((await admin.send('POST', `/api/invoices/${inv.id}/send`, {})).status).toBe(200);
  const stored = await t.container.resolve(TOKENS.InvoiceDeps).invoices.get(inv.id);
  return { inv, token: stored!.publicToken };
}

/** Online payment through the Stripe adapter, the official SDK talking to a loopback peer. */
describe('online payment (Stripe, loopback peer)', () => {
  let peer: StripePeer;
  let t: ListeningTestApp;
  let admin: TestClient;
  const visitor = () => new TestClient(t.url);

  beforeAll(async () => {
    peer = await startStripePeer();
    t = await listenTestApp(peer.env);
    peer.webhookUrl = `${t.url}/api/payments/stripe/webhook`;
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const detail = async (id: string) => json<InvoiceDetailDto>(await admin.get(`/api/invoices/${id}`));
  async function checkout(token: string, body: object = {}): Promise<{ sessionId: string; url: string }> {
    const c = visitor();
    const res = await c.send('POST', `/api/public/invoices/${token}/checkout`, body);
    expect(res.status, await res.clone().text()).toBe(200);
    const { url } = await json<CheckoutResponse>(res);
    expect(url.startsWith(`${peer.url}/pay/`)).toBe(true);
    return { sessionId: url.slice(`${peer.url}/pay/`.length), url };
  }
  const status = async (token: string, sessionId: string) => json<PaymentStatusDto>(await visitor().get(`/api/public/invoices/${token}/payment?checkout=${sessionId}`));

  it('pays the balance in full: the provider page for "Invoice INV-…", the webhook delivered twice records one card payment', async () => {
    const { inv, token } = await sentInvoice(t, admin);
    expect(await json<PaymentStatusDto>(await visitor().get(`/api/public/invoices/${token}/payment`))).toEqual({ online: true, checkout: null });
    const { sessionId } = await checkout(token);
    const session = peer.sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: 'payment', amount_total: 10_825, currency: 'usd', line_item_name: `Invoice ${inv.number}`, metadata: { invoice_id: inv.id } });
    expect(session['success_url']).toBe(`${t.url}/i/${token}?checkout={CHECKOUT_SESSION_ID}`);
    expect(await status(token, sessionId)).toEqual({ online: true, checkout: { state: 'not-paid', amountCents: 10_825 } });

    peer.deliveries = 2;
    const events = await peer.complete(sessionId);
    peer.deliveries = 1;
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
    const d = await detail(inv.id);
    expect(d.invoice).toMatchObject({ status: 'paid', paidCents: 10_825, balanceCents: 0 });
    expect(d.invoice.payments).toEqual([expect.objectContaining({ amountCents: 10_825, method: 'card', reference: session['payment_intent'], recordedBy: 'Online payment (stripe)' })]);
    expect(d.audit.filter((a) => a.action === 'payment')).toHaveLength(1);
    expect(await status(token, sessionId)).toEqual({ online: true, checkout: { state: 'received', amountCents: 10_825 } });
    const page = await json<PublicInvoiceDto>(await visitor().get(`/api/public/invoices/${token}`));
    expect(page.howToPay).toEqual({ kind: 'paid', title: 'Paid in full. Thank you.', lines: [] });
    // A paid invoice offers no second checkout.
    const again = await visitor().send('POST', `/api/public/invoices/${token}/checkout`, {});
    expect(again.status).toBe(409);
    expect((await json<{ error: { message: string } }>(again)).error.message).toBe(`${inv.number} is paid in full. Thank you.`);
  });

  it('pays part of the balance typed as "$40.00"; the rest stays due', async () => {
    const { inv, token } = await sentInvoice(t, admin);
    const { sessionId } = await checkout(token, { amount: '$40.00' });
    expect(peer.sessions.get(sessionId)!['amount_total']).toBe(4_000);
    await peer.complete(sessionId);
    expect((await detail(inv.id)).invoice).toMatchObject({ status: 'partial', paidCents: 4_000, balanceCents: 6_825 });
    const more = await visitor().send('POST', `/api/public/invoices/${token}/checkout`, { amount: '1,000.00' });
    expect(more.status).toBe(400);
    expect((await json<{ error: { message: string } }>(more)).error.message).toContain('more than the balance due ($68.25)');
  });

  it('refuses more than the balance, zero and nonsense at the amount field, in money words, and opens no checkout', async () => {
    const { token } = await sentInvoice(t, admin);
    const before = peer.sessions.size;
    const cases: [string, string][] = [
      ['$5,000.00', 'Amount: $5,000.00 is more than the balance due ($108.25); enter at most $108.25.'],
      ['0', 'Amount: enter an amount above zero, at most the balance due ($108.25).'],
      ['twelve', 'Amount: Enter an amount such as 1,000.00.'],
    ];
    for (const [typed, message] of cases) {
      const res = await visitor().send('POST', `/api/public/invoices/${token}/checkout`, { amount: typed });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'validation', message, fields: { amount: [message] } } });
    }
    expect(peer.sessions.size).toBe(before);
  });

  it('a forged signature, a tampered body and an old signature are refused with 400 and change nothing; a replayed event changes nothing', async () => {
    const { inv, token } = await sentInvoice(t, admin);
    const { sessionId } = await checkout(token, { amount: '$50.00' });
    const webhook = peer.webhookUrl;
    peer.webhookUrl = null; // complete without delivering: the test delivers by hand
    const [completed] = await peer.complete(sessionId);
    peer.webhookUrl = webhook;
    const store = t.container.resolve(TOKENS.Store);
    const processed = async () => (await store.collection(PROCESSED_EVENTS).query({})).docs.length;
    const seen = await processed();

    expect(await peer.deliver(completed!, { secret: 'whsec_forged_by_someone_else' })).toBe(400);
    const tampered = { ...completed!, payload: completed!.payload.replace('"amount_total": 5000', '"amount_total": 1') };
    expect(tampered.payload).not.toBe(completed!.payload);
    const signedThenTampered = await fetch(webhook!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: tampered.payload,
    });
    expect(signedThenTampered.status).toBe(400);
    expect(await peer.deliver(completed!, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 })).toBe(400);
    const unsigned = await fetch(webhook!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: completed!.payload });
    expect(unsigned.status).toBe(400);
    expect((await detail(inv.id)).invoice).toMatchObject({ status: 'sent', paidCents: 0, payments: [] });
    expect(await processed()).toBe(seen);

    expect(await peer.deliver(completed!)).toBe(200);
    expect(await peer.deliver(completed!)).toBe(200);
    const d = await detail(inv.id);
    expect(d.invoice).toMatchObject({ status: 'partial', paidCents: 5_000 });
    expect(d.invoice.payments).toHaveLength(1);
    expect(await processed()).toBe(seen + 1);
  });

  it('a declined card is an audited failed attempt; the invoice is unchanged; the office is told, the customer (who saw it on the page) is not mailed', async () => {
    const { inv, token } = await sentInvoice(t, admin);
    const { sessionId } = await checkout(token);
    await peer.decline(sessionId, 'Your card was declined.');
    const mails = (await t.container.resolve(TOKENS.Outbox).list(500)).filter((m) => m.subject.includes(inv.number) && /fail|did not go through/.test(m.subject));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[t.config.company.email, expect.stringContaining(`Payment of $108.25 failed: ${inv.number}`)]]);
    const d = await detail(inv.id);
    expect(d.invoice).toMatchObject({ status: 'sent', paidCents: 0 });
    expect(d.audit[0]).toMatchObject({
      action: 'payment-failed',
      actorName: 'Online payment (stripe)',
      changes: expect.arrayContaining([{ field: 'reason', from: null, to: 'Your card was declined.' }, { field: 'payment.amountCents', from: null, to: 10_825 }]),
    });
  });

  it('a refund asked by the office is recorded as a refund when the provider confirms it, once', async () => {
    const { inv, token } = await sentInvoice(t, admin);
    const { sessionId } = await checkout(token);
    await peer.complete(sessionId);
    const paid = (await detail(inv.id)).invoice.payments[0]!;
    const tooMuch = await admin.send('POST', `/api/invoices/${inv.id}/payments/${paid.id}/refund`, { amount: '$200' });
    expect(tooMuch.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string[]> } }>(tooMuch)).error.fields['amount']).toEqual(['Amount: $200.00 is more than what remains of this payment ($108.25); enter at most $108.25.']);
    peer.deliveries = 2;
    const res = await admin.send('POST', `/api/invoices/${inv.id}/payments/${paid.id}/refund`, { amount: '$25.00' });
    expect(res.status, await res.clone().text()).toBe(200);
    let d = await detail(inv.id);
    for (let i = 0; i < 50 && d.invoice.paidCents !== 8_325; i++) {
      await new Promise((r) => setTimeout(r, 50));
      d = await detail(inv.id);
    }
    await new Promise((r) => setTimeout(r, 100)); // the second delivery
    peer.deliveries = 1;
    d = await detail(inv.id);
    expect(d.invoice).toMatchObject({ status: 'partial', paidCents: 8_325, balanceCents: 2_500 });
    expect(d.invoice.payments.map((p) => [p.amountCents, p.method, p.reference])).toEqual([
      [10_825, 'card', paid.reference],
      [-2_500, 'card', paid.reference],
    ]);
    expect(d.audit.map((a) => a.action)).toEqual(expect.arrayContaining(['refund', 'refund-requested']));
    expect(d.audit.filter((a) => a.action === 'refund')).toHaveLength(1);
    const pub = await json<PublicInvoiceDto>(await visitor().get(`/api/public/invoices/${token}`));
    expect(pub.payments.map((p) => p.amountCents)).toEqual([10_825, -2_500]);
    const pdf = pdfText(new Uint8Array(await (await admin.get(`/api/invoices/${inv.id}/pdf`)).arrayBuffer())).replace(/\s+/g, ' ');
    expect(pdf).toContain(`Refund ${new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: t.config.timeZone }).format(new Date())} (Card ${paid.reference})`);
  });

  it('the refund button\'s request: "$1,000.00"-style amounts, the reason in the history; a check payment is refused with what to do instead', async () => {
    const { inv, token } = await sentInvoice(t, admin);
    const { sessionId } = await checkout(token, { amount: '$100.00' });
    await peer.complete(sessionId);
    const card = (await detail(inv.id)).invoice.payments[0]!;
    const big = await admin.send('POST', `/api/invoices/${inv.id}/payments/${card.id}/refund`, { amount: '$1,000.00', reason: 'Sensor returned unused' });
    expect((await json<{ error: { fields: Record<string, string[]> } }>(big)).error.fields['amount']).toEqual(['Amount: $1,000.00 is more than what remains of this payment ($100.00); enter at most $100.00.']);
    const res = await admin.send('POST', `/api/invoices/${inv.id}/payments/${card.id}/refund`, { amount: '$10.00', reason: 'Sensor returned unused' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json<{ amountCents: number }>(res)).toMatchObject({ amountCents: 1_000 });
    let d = await detail(inv.id);
    for (let i = 0; i < 50 && d.invoice.paidCents !== 9_000; i++) {
      await new Promise((r) => setTimeout(r, 50));
      d = await detail(inv.id);
    }
    expect(d.invoice.payments.map((p) => p.amountCents)).toEqual([10_000, -1_000]);
    const requested = d.audit.find((a) => a.action === 'refund-requested');
    expect(requested?.changes).toEqual(expect.arrayContaining([{ field: 'reason', from: null, to: 'Sensor returned unused' }, { field: 'payment.amountCents', from: null, to: 1_000 }]));

    // A check recorded by the office is not the provider's to refund.
    const check = await admin.send('POST', `/api/invoices/${inv.id}/payments`, { date: d.invoice.issueDate, amountCents: 500, method: 'check', reference: '1042' });
    expect(check.status, await check.clone().text()).toBeLessThan(300);
    const checkPayment = (await detail(inv.id)).invoice.payments.find((p) => p.method === 'check')!;
    const refused = await admin.send('POST', `/api/invoices/${inv.id}/payments/${checkPayment.id}/refund`, { reason: 'Overpaid' });
    expect(refused.status).toBe(409);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(
      'Only a card payment made online can be refunded through the card provider; this one was recorded as check. Give the money back the way it was paid, then remove or correct the payment.',
    );
  });

  it('a card payment and a card refund recorded by the provider are neither edited nor removed by staff: 409 naming Refund, nothing changes', async () => {
    const { inv, token } = await sentInvoice(t, admin);
    const { sessionId } = await checkout(token, { amount: '$100.00' });
    await peer.complete(sessionId);
    const card = (await detail(inv.id)).invoice.payments[0]!;
    expect((await admin.send('POST', `/api/invoices/${inv.id}/payments/${card.id}/refund`, { amount: '$10.00', reason: 'Sensor returned unused' })).status).toBe(200);
    let d = await detail(inv.id);
    for (let i = 0; i < 50 && d.invoice.payments.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      d = await detail(inv.id);
    }
    const refund = d.invoice.payments.find((p) => p.amountCents < 0)!;
    const edit = { date: card.date, amountCents: 5_000, method: 'card', reference: card.reference };
    const refusals = [
      [await admin.send('PATCH', `/api/invoices/${inv.id}/payments/${card.id}`, edit), 'This card payment was recorded by the payment provider; it cannot be edited here. To give money back, use Refund on the payment; the provider records the refund.'],
      [await admin.send('DELETE', `/api/invoices/${inv.id}/payments/${card.id}`), 'This card payment was recorded by the payment provider; it cannot be removed here. To give money back, use Refund on the payment; the provider records the refund.'],
      [await admin.send('PATCH', `/api/invoices/${inv.id}/payments/${refund.id}`, { ...edit, amountCents: 500 }), 'This card refund was recorded by the payment provider when it gave the money back; it cannot be edited here. To give more back, use Refund on the card payment.'],
      [await admin.send('DELETE', `/api/invoices/${inv.id}/payments/${refund.id}`), 'This card refund was recorded by the payment provider when it gave the money back; it cannot be removed here. To give more back, use Refund on the card payment.'],
    ] as const;
    for (const [res, message] of refusals) {
      expect(res.status).toBe(409);
      expect((await json<{ error: { message: string } }>(res)).error.message).toBe(message);
    }
    const after = await detail(inv.id);
    expect(after.invoice.payments).toEqual(d.invoice.payments);
    expect(after.invoice).toMatchObject({ paidCents: 9_000, balanceCents: 1_825 });
    expect(after.audit.filter((a) => a.action === 'payment-corrected' || a.action === 'payment-removed')).toEqual([]);

    // A card payment the office typed in (taken in person) stays the office's to correct.
    const inPerson = await admin.send('POST', `/api/invoices/${inv.id}/payments`, { date: card.date, amountCents: 825, method: 'card', reference: 'terminal 7' });
    const typed = (await json<InvoiceDto>(inPerson)).payments.find((p) => p.reference === 'terminal 7')!;
    expect((await admin.send('DELETE', `/api/invoices/${inv.id}/payments/${typed.id}`)).status).toBe(200);
  });

  it('an employee without editInvoices cannot ask for a refund', async () => {
    const maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    const res = await maria.send('POST', '/api/invoices/x/payments/y/refund', {});
    expect([401, 403]).toContain(res.status);
  });
});

describe('no payment provider configured (the embedded default)', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await listenTestApp({ PAYMENT_INSTRUCTIONS: 'Bank transfer to Shieldline LLC, IBAN US00 1234 5678.\\nChecks payable to Shieldline LLC.' });
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
  });
  afterAll(() => t.close());

  it('"Pay" shows the payment instructions: no online payment, checkout refused, the webhook not there', async () => {
    const { inv, token } = await sentInvoice(t, admin);
    const visitor = new TestClient(t.url);
    expect(await json<PaymentStatusDto>(await visitor.get(`/api/public/invoices/${token}/payment`))).toEqual({ online: false, checkout: null });
    const page = await json<PublicInvoiceDto>(await visitor.get(`/api/public/invoices/${token}`));
    expect(page.howToPay).toEqual({
      kind: 'pay',
      title: 'How to pay',
      lines: ['Bank transfer to Shieldline LLC, IBAN US00 1234 5678.\nChecks payable to Shieldline LLC.', `Please pay $108.25 and quote ${inv.number} with your payment.`],
    });
    const res = await visitor.send('POST', `/api/public/invoices/${token}/checkout`, {});
    expect(res.status).toBe(409);
    expect((await json<{ error: { message: string } }>(res)).error.message).toBe('Online payment is not available; please pay as the invoice says under "How to pay".');
    const hook = await fetch(`${t.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(hook.status).toBe(404);
  });
});
