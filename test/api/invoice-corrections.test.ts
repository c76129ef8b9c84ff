import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDetailDto, InvoiceDto } from '../../src/contracts/invoices.ts';
import type { ApiError } from '../../src/contracts/errors.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';

/** Payment corrections, duplicates and the plausible-date rules over HTTP on SQLite. */
describe('/api/invoices: corrections', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;
  /** The error body's message and field messages. */
  const failure = async (res: Response, status: number) => (await json<ApiError>(res, status)).error;
  const json = async <T,>(res: Response, status = 200): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    t = await listenTestApp();
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    client = await json<ClientView>(await admin.send('POST', '/api/clients', aClientInput()), 201);
  });
  afterAll(async () => t.close());

  const line = { description: 'Smoke detector', quantity: 2, unitPriceCents: 5_000, taxRateBp: 825 };
  async function sentInvoice(): Promise<InvoiceDto> {
    const inv = await json<InvoiceDto>(await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', title: 'Alarm install', notes: 'Gate code 4411', lines: [line] }), 201);
    return json<InvoiceDto>(await admin.send('POST', `/api/invoices/${inv.id}/send`, {}));
  }
  const payment = (inv: InvoiceDto, amountCents: number) => ({ date: inv.issueDate, amountCents, method: 'card', reference: 'ch_1' });

  it('corrects and removes a payment: balance and status follow, each change audited with its fields', async () => {
    const inv = await sentInvoice();
    const paid = await json<InvoiceDto>(await admin.send('POST', `/api/invoices/${inv.id}/payments`, payment(inv, inv.totalCents)));
    expect(paid.status).toBe('paid');
    const pid = paid.payments[0]!.id;

    const fixed = await json<InvoiceDto>(await admin.send('PATCH', `/api/invoices/${inv.id}/payments/${pid}`, { ...payment(inv, 6_000), method: 'check', reference: '1042' }));
    expect(fixed).toMatchObject({ status: 'partial', paidCents: 6_000, balanceCents: inv.totalCents - 6_000 });
    expect(fixed.payments[0]).toMatchObject({ id: pid, amountCents: 6_000, method: 'check', reference: '1042' });

    const removed = await json<InvoiceDto>(await admin.send('DELETE', `/api/invoices/${inv.id}/payments/${pid}`));
    expect(removed).toMatchObject({ status: 'sent', paidCents: 0, balanceCents: inv.totalCents, payments: [] });

    const detail = await json<InvoiceDetailDto>(await admin.get(`/api/invoices/${inv.id}`));
    const actions = detail.audit.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payment', 'payment-corrected', 'payment-removed']));
    const corrected = detail.audit.find((a) => a.action === 'payment-corrected');
    expect(corrected?.actorName).toBe('Frank Miller');
    expect(corrected?.changes).toEqual(expect.arrayContaining([{ field: 'payment.amountCents', from: inv.totalCents, to: 6_000 }, { field: 'status', from: 'paid', to: 'partial' }]));
    const gone = detail.audit.find((a) => a.action === 'payment-removed');
    expect(gone?.changes).toEqual(expect.arrayContaining([{ field: 'payment.amountCents', from: 6_000, to: null }]));

    expect((await admin.send('DELETE', `/api/invoices/${inv.id}/payments/${pid}`)).status).toBe(404);
  });

  it('refuses a correction above the balance with the amount in dollars, at its field, and changes nothing', async () => {
    const inv = await sentInvoice();
    const paid = await json<InvoiceDto>(await admin.send('POST', `/api/invoices/${inv.id}/payments`, payment(inv, 1_000)));
    const res = await admin.send('PATCH', `/api/invoices/${inv.id}/payments/${paid.payments[0]!.id}`, payment(inv, inv.totalCents + 1));
    const err = await failure(res, 400);
    expect(err.fields?.['amountCents']).toEqual([`Amount: $108.26 is more than the balance due ($108.25); enter at most $108.25.`]);
    expect(err.message).toBe(err.fields?.['amountCents']?.[0]);
    const after = await json<InvoiceDetailDto>(await admin.get(`/api/invoices/${inv.id}`));
    expect(after.invoice.paidCents).toBe(1_000);
  });

  it('an employee without editInvoices may not correct or remove a payment', async () => {
    const inv = await sentInvoice();
    const paid = await json<InvoiceDto>(await admin.send('POST', `/api/invoices/${inv.id}/payments`, payment(inv, 1_000)));
    const pid = paid.payments[0]!.id;
    expect((await maria.send('PATCH', `/api/invoices/${inv.id}/payments/${pid}`, payment(inv, 500))).status).toBe(403);
    expect((await maria.send('DELETE', `/api/invoices/${inv.id}/payments/${pid}`)).status).toBe(403);
  });

  it('void says what to do while payments exist, and works once they are removed', async () => {
    const inv = await sentInvoice();
    const paid = await json<InvoiceDto>(await admin.send('POST', `/api/invoices/${inv.id}/payments`, payment(inv, 2_500)));
    const refused = await failure(await admin.send('POST', `/api/invoices/${inv.id}/void`, { reason: 'Duplicate' }), 409);
    expect(refused.message).toMatch(/has a payment of \$25\.00 recorded\. Remove the recorded payments first/);
    await json<InvoiceDto>(await admin.send('DELETE', `/api/invoices/${inv.id}/payments/${paid.payments[0]!.id}`));
    expect((await json<InvoiceDto>(await admin.send('POST', `/api/invoices/${inv.id}/void`, { reason: 'Duplicate' }))).status).toBe('void');
  });

  it('duplicates an invoice into a new draft dated today with the same client, lines and notes', async () => {
    const inv = await sentInvoice();
    const copy = await json<InvoiceDto>(await admin.send('POST', `/api/invoices/${inv.id}/duplicate`), 201);
    expect(copy).toMatchObject({ status: 'draft', clientId: client.id, title: 'Alarm install', notes: 'Gate code 4411', totalCents: inv.totalCents, payments: [] });
    expect(copy.number).not.toBe(inv.number);
    expect(copy.lines.map((l) => l.description)).toEqual(['Smoke detector']);
    const detail = await json<InvoiceDetailDto>(await admin.get(`/api/invoices/${copy.id}`));
    expect(detail.audit[0]?.changes).toEqual(expect.arrayContaining([{ field: 'duplicateOf', from: null, to: inv.number }]));
  });

  it.each([
    ['1999-11-20', /^Issue date: 11\/20\/1999 is more than 365 days ago; the earliest is \d{2}\/\d{2}\/\d{4}\.$/],
    ['0226-11-20', /^Issue date: the year 0226 looks mistyped/],
    ['20266-11-20', /^Issue date: the year 20266 looks mistyped/],
  ])('an invoice dated %s is refused with a message at issueDate', async (issueDate, message) => {
    const res = await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', issueDate, lines: [line] });
    const err = await failure(res, 400);
    expect(err.fields?.['issueDate']?.[0]).toMatch(message);
    expect(err.message).toBe(err.fields?.['issueDate']?.[0]);
  });

  it('a credit note may only carry the tax rates the invoice charged', async () => {
    const inv = await sentInvoice();
    const res = await admin.send('POST', `/api/invoices/${inv.id}/credit-notes`, { reason: 'Returned', lines: [{ ...line, quantity: 1, taxRateBp: 1_000 }] });
    const err = await failure(res, 400);
    expect(err.fields?.['lines.0.taxRateBp']).toEqual([`Tax rate: ${inv.number} charged 8.25 %; a credit note can only credit that rate, not 10 %.`]);
  });
});
