import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { expectJson, TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { startStripePeer, type StripePeer } from '../support/stripe-peer.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';
import { TOKENS } from '../../src/container.ts';
import { autoPayInvoice, retryDueAutoPayments, startAutoPay } from '../../src/application/payments/auto-pay-invoice.ts';
import { AUTO_PAY_RETRY_AFTER_MS } from '../../src/domain/payments/auto-pay-attempt.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { CardOnFileView } from '../../src/contracts/card-on-file.ts';
import type { InvoiceDetailDto, InvoiceDto } from '../../src/contracts/invoices.ts';

/**
 * Auto-pay retries (docs/payments.md "Retries") on two app instances sharing one SQLite file,
 * against the Stripe loopback peer (the official SDK, signed webhooks back to instance A): a
 * declined card is tried again at most four times, at least 20 hours apart; a retry that succeeds
 * books the payment once (the webhook reporting it too books nothing more); an invoice paid
 * another way meanwhile gets no further attempt; two instances retrying at once charge once. The
 * customer is mailed after the first and the last decline, the office once, after the last.
 */
describe('auto-pay retries (Stripe peer, two instances)', () => {
  const dir = tempDir();
  let peer: StripePeer;
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  let admin: TestClient;

  beforeAll(async () => {
    peer = await startStripePeer();
    a = await listenTestApp({ DATA_DIR: dir.path, ...peer.env });
    b = await listenTestApp({ DATA_DIR: dir.path, ...peer.env });
    peer.webhookUrl = `${a.url}/api/payments/stripe/webhook`;
    admin = new TestClient(a.url);
    await admin.signIn(DEMO.admin);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await peer?.close();
    dir.remove();
  });

  const deps = (t: ListeningTestApp = a) => t.container.resolve(TOKENS.AutoPayDeps);
  const hoursOn = (from: Date, h: number) => new Date(from.getTime() + h * 3_600_000);
  const detail = async (id: string) => expectJson<InvoiceDetailDto>(await admin.get(`/api/invoices/${id}`), 200);
  const chargesOf = (invoiceId: string) => peer.charges.filter((c) => (c['metadata'] as { invoice_id?: string }).invoice_id === invoiceId);
  const outbox = async () => a.container.resolve(TOKENS.Outbox).list(1000);
  const declinedOn = async (clientId: string) => (await expectJson<CardOnFileView>(await admin.get(`/api/clients/${clientId}/card`), 200)).declined;
  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  }

  /** A client on auto-pay with a card saved on the provider's page, and an issued monitoring invoice. */
  async function onAutoPay(name: string, cents = 4_999): Promise<{ client: ClientView; inv: InvoiceDto; email: string; paymentMethodId: string }> {
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
    const client = await expectJson<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name, contacts: [{ name, role: 'Owner', emails: [email], phones: [] }] } as never)), 201);
    const inv = await expectJson<InvoiceDto>(await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net15', title: 'Monitoring 2026-11', lines: [{ description: 'Gold monitoring, November', quantity: 1, unitPriceCents: cents, taxRateBp: 0 }] }), 201);
    await expectJson(await admin.send('POST', `/api/invoices/${inv.id}/send`, {}), 200);
    const provider = deps().provider!;
    const setup = await provider.startCardSetup!({ customerId: null, clientId: client.id, clientName: client.name, email, currency: 'USD', successUrl: `${a.url}/portal?card={CHECKOUT_SESSION_ID}`, cancelUrl: `${a.url}/portal` });
    await fetch(setup.url, { method: 'POST', redirect: 'manual' });
    const card = (await provider.savedCard!(setup.sessionId))!;
    await deps().cards.update(client.id, (c) => ({ next: { ...c, customerId: card.customerId, card: { paymentMethodId: card.paymentMethodId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }, autoPay: true }, audit: null }));
    return { client, inv: (await detail(inv.id)).invoice as InvoiceDto, email, paymentMethodId: card.paymentMethodId };
  }

  it('a declined card is tried again 20 hours on, not before; the retry that succeeds books the payment once (the webhook, delivered twice, adds nothing)', async () => {
    const { inv, email, paymentMethodId } = await onAutoPay('Rita Retried-Successfully');
    peer.declining.add(paymentMethodId);
    const t0 = new Date();
    expect(await startAutoPay(deps(), inv.clientId, inv.id)).toMatchObject({ status: 'failed', reason: 'Your card was declined.' });
    // The billing run asking again (another period loop, the other instance) starts no second sequence.
    expect(await startAutoPay(deps(b), inv.clientId, inv.id)).toMatchObject({ status: 'skipped' });
    const [first] = await deps().attempts.listFor(inv.id);
    expect(first).toMatchObject({ attempt: 1, status: 'failed', reason: 'Your card was declined.' });
    expect(Date.parse(first!.nextAttemptAt!) - t0.getTime()).toBeGreaterThanOrEqual(AUTO_PAY_RETRY_AFTER_MS);

    expect((await retryDueAutoPayments(deps(), hoursOn(t0, 19.9))).tried).toEqual([]);
    expect(chargesOf(inv.id)).toHaveLength(1);

    peer.declining.delete(paymentMethodId);
    peer.deliveries = 2;
    const report = await retryDueAutoPayments(deps(), hoursOn(t0, 20.1));
    expect(report.tried).toEqual([{ invoiceId: inv.id, attempt: 2, status: 'succeeded' }]);
    // Booked by the retry itself, before the webhook.
    expect((await detail(inv.id)).invoice).toMatchObject({ status: 'paid', balanceCents: 0 });
    await until(async () => peer.answers.length > 0 && (await detail(inv.id)).audit.filter((e) => e.action === 'auto-pay-attempt').length === 2);
    await new Promise((r) => setTimeout(r, 300)); // both webhook deliveries
    peer.deliveries = 1;
    const d = await detail(inv.id);
    expect(d.invoice.payments).toEqual([expect.objectContaining({ amountCents: 4_999, method: 'card', reference: chargesOf(inv.id)[1]!['id'] })]);
    expect(d.audit.filter((e) => e.action === 'payment')).toHaveLength(1);
    expect(d.audit.filter((e) => e.action === 'auto-pay-attempt').map((e) => e.changes.find((c) => c.field === 'attempt')?.to)).toEqual(expect.arrayContaining(['1 of 4', '2 of 4']));
    expect((await deps().attempts.listFor(inv.id)).map((x) => [x.attempt, x.status, x.nextAttemptAt])).toEqual([
      [1, 'failed', null],
      [2, 'succeeded', null],
    ]);
    // Recovered: nothing more, ever.
    expect((await retryDueAutoPayments(deps(), hoursOn(t0, 90))).tried).toEqual([]);
    expect(chargesOf(inv.id)).toHaveLength(2);
    const mails = (await outbox()).filter((m) => m.to === email);
    expect(mails.filter((m) => m.subject.includes('did not go through'))).toHaveLength(1);
    expect(mails.filter((m) => /receipt|received/i.test(m.subject))).toHaveLength(1);
  });

  it('four declines: four charges 20 hours apart, then none; the customer is mailed after the first and the last, the office once', async () => {
    const { inv, email, paymentMethodId, client } = await onAutoPay('Dexter Declined-Fourtimes', 3_999);
    peer.declining.add(paymentMethodId);
    const t0 = new Date();
    expect(await startAutoPay(deps(), inv.clientId, inv.id)).toMatchObject({ status: 'failed' });
    expect(await declinedOn(client.id)).toEqual([{ invoiceId: inv.id, invoiceNumber: inv.number, payUrl: expect.stringMatching(/\/i\/.+/), balanceCents: 3_999, reason: 'Your card was declined.', attempts: 1, of: 4, nextAttemptAt: expect.any(String) }]);
    for (const h of [21, 42, 63]) expect((await retryDueAutoPayments(deps(), hoursOn(t0, h))).tried).toEqual([{ invoiceId: inv.id, attempt: h / 21 + 1, status: 'failed' }]);
    expect((await retryDueAutoPayments(deps(), hoursOn(t0, 200))).tried).toEqual([]);
    expect(new Set(chargesOf(inv.id).map((c) => c['id'])).size).toBe(4);
    expect((await deps().attempts.listFor(inv.id)).map((x) => [x.attempt, x.status, x.nextAttemptAt === null])).toEqual([
      [1, 'failed', true],
      [2, 'failed', true],
      [3, 'failed', true],
      [4, 'failed', true],
    ]);
    const d = await detail(inv.id);
    expect(d.invoice).toMatchObject({ status: 'sent', balanceCents: 3_999, payments: [] });
    expect(await declinedOn(client.id)).toEqual([expect.objectContaining({ invoiceId: inv.id, attempts: 4, nextAttemptAt: null })]);

    const notes = (await expectJson<{ items: { title: string; body: string }[] }>(await admin.get('/api/notifications'), 200)).items.filter((n) => n.title.includes(inv.number));
    expect(notes).toEqual([expect.objectContaining({ title: `Auto-pay failed 4 times: ${inv.number}, ${client.name}` })]);
    expect(notes[0]!.body).toContain('Your card was declined.');
    const all = await outbox();
    const office = all.filter((m) => m.to === a.config.company.email && m.subject.includes(inv.number));
    expect(office.map((m) => m.subject)).toEqual([`Auto-pay failed 4 times: ${inv.number}, ${client.name}`]);
    const customer = all.filter((m) => m.to === email && m.subject.includes('did not go through'));
    expect(customer).toHaveLength(2);
    const texts = customer.map((m) => m.text);
    expect(texts.some((t) => /We will try your card again on \w+day, \w+ \d+\./.test(t))).toBe(true);
    expect(texts.some((t) => t.includes('We will not try your card again.'))).toBe(true);
    for (const t of texts) expect(t).toContain(`/portal?client=${client.id}`);
  });

  it('an invoice paid another way meanwhile gets no further attempt', async () => {
    const { inv, paymentMethodId } = await onAutoPay('Petra Paid-By-Check');
    peer.declining.add(paymentMethodId);
    const t0 = new Date();
    await startAutoPay(deps(), inv.clientId, inv.id);
    const today = (await detail(inv.id)).invoice.issueDate;
    await expectJson(await admin.send('POST', `/api/invoices/${inv.id}/payments`, { date: today, amountCents: 4_999, method: 'check', reference: 'Check 1042' }), 200);
    peer.declining.delete(paymentMethodId);
    const report = await retryDueAutoPayments(deps(), hoursOn(t0, 21));
    expect(report.tried).toEqual([]);
    expect(report.closed).toEqual([{ invoiceId: inv.id, attempt: 1, reason: `${inv.number} is paid in full. Thank you.` }]);
    expect(chargesOf(inv.id)).toHaveLength(1);
    expect((await deps().attempts.listFor(inv.id)).map((x) => [x.attempt, x.nextAttemptAt, x.closedReason])).toEqual([[1, null, `${inv.number} is paid in full. Thank you.`]]);
    expect((await retryDueAutoPayments(deps(), hoursOn(t0, 42))).closed).toEqual([]);
    expect(await declinedOn(inv.clientId)).toEqual([]);
  });

  it('an attempt cut short by a crash mid-charge is finished by a later tick with the same key: still one charge', async () => {
    const { inv, paymentMethodId } = await onAutoPay('Cora Crashed-Midcharge');
    peer.declining.add(paymentMethodId);
    const t0 = new Date();
    // The crashed process had claimed attempt 1 and asked the provider, then died before recording the answer.
    expect(await deps(b).attempts.claimFirst(inv.id, inv.clientId, new Date(t0.getTime() - 11 * 60_000), 'crashed-process')).not.toBeNull();
    const card = (await deps().cards.get(inv.clientId))!;
    await autoPayInvoice(deps(b), inv.id, { customerId: card.customerId!, paymentMethodId }, 1);
    expect(chargesOf(inv.id)).toHaveLength(1);
    // Not stuck yet 5 minutes after the claim: left alone.
    expect((await retryDueAutoPayments(deps(), new Date(t0.getTime() - 6 * 60_000))).tried).toEqual([]);
    expect((await retryDueAutoPayments(deps(), t0)).tried).toEqual([{ invoiceId: inv.id, attempt: 1, status: 'failed' }]);
    expect(chargesOf(inv.id)).toHaveLength(1);
    expect((await deps().attempts.listFor(inv.id)).map((x) => [x.attempt, x.status, x.holder])).toEqual([[1, 'failed', deps().holder]]);
  });

  it('two instances retrying at once make one attempt and one charge; the retry job is on the scheduler', async () => {
    const { inv, paymentMethodId } = await onAutoPay('Twyla Two-Instances');
    peer.declining.add(paymentMethodId);
    const t0 = new Date();
    await startAutoPay(deps(), inv.clientId, inv.id);
    const at = hoursOn(t0, 21);
    const runs = await Promise.all([retryDueAutoPayments(deps(a), at), retryDueAutoPayments(deps(b), at), retryDueAutoPayments(deps(a), at)]);
    expect(runs.flatMap((r) => r.tried).filter((x) => x.invoiceId === inv.id)).toEqual([{ invoiceId: inv.id, attempt: 2, status: 'failed' }]);
    expect(chargesOf(inv.id)).toHaveLength(2);
    expect((await deps(b).attempts.listFor(inv.id)).map((x) => x.attempt)).toEqual([1, 2]);
    const tick = await b.container.resolve(TOKENS.Scheduler).tick();
    expect(tick.jobs.map((j) => j.name)).toContain('auto-pay-retries');
  });
});
