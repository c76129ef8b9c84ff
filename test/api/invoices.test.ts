import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../support/smtp-peer.ts';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import type { ClientView } from '../../src/contracts/clients.ts';
import type { InvoiceDetailDto, InvoiceDto, InvoiceListResponse, PublicInvoiceDto, TaxReportDto } from '../../src/contracts/invoices.ts';
import { aClientInput } from '../unit/clients/client-factories.ts';
import type { SendPreviewDto } from '../../src/contracts/send-preview.ts';
import { pdfText } from '../support/invoice-deps.ts';

/** The mail's PDF attachment (base64 part) and its text body with soft line breaks undone. */
function parseMail(raw: string): { text: string; pdf: Uint8Array | null } {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const part = /Content-Type: application\/pdf[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*(?:\r?\n[^\r\n]+)*\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(raw);
  return { text, pdf: part?.[1] ? new Uint8Array(Buffer.from(part[1].replace(/\s+/g, ''), 'base64')) : null };
}

/** /api/invoices and /api/tax-reports over HTTP on SQLite, mail delivered to a real SMTP peer. */
describe('/api/invoices', () => {
  let smtp: SmtpPeer;
  let received: ReceivedMail[] = [];
  let t: ListeningTestApp;
  let admin: TestClient;
  let maria: TestClient;
  let client: ClientView;
  const json = async <T,>(res: Response): Promise<T> => (await res.json()) as T;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    received = smtp.received;
    t = await listenTestApp({ SMTP_URL: smtp.url });
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    maria = new TestClient(t.url);
    await maria.signIn(DEMO.employee);
    client = await json<ClientView>(await admin.send('POST', '/api/clients', aClientInput()));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const line = (over: Record<string, unknown> = {}) => ({ description: 'Smoke detector', quantity: 2, unitPriceCents: 5_000, taxRateBp: 825, ...over });
  async function create(body: Record<string, unknown> = {}): Promise<InvoiceDto> {
    const res = await admin.send('POST', '/api/invoices', { clientId: client.id, terms: 'net30', lines: [line()], ...body });
    expect(res.status, await res.clone().text()).toBe(201);
    return json<InvoiceDto>(res);
  }

  it('the send preview says to whom, the subject, the PDF and the link before anything is sent; after sending, when', async () => {
    const inv = await create();
    const preview = await json<SendPreviewDto>(await admin.get(`/api/invoices/${inv.id}/send-preview`));
    expect(preview).toMatchObject({
      clientId: client.id,
      toName: client.name,
      to: client.contacts[0]!.emails[0],
      subject: `Invoice ${inv.number} from ${t.config.company.name}`,
      attachments: [`${inv.number}.pdf`],
      link: expect.stringMatching(new RegExp(`^${t.url}/i/`)),
      lastSentAt: null,
    });
    expect((await admin.get(`/api/invoices/${inv.id}`).then((r) => json<{ invoice: InvoiceDto }>(r))).invoice.status).toBe('draft');
    expect((await maria.get(`/api/invoices/${inv.id}/send-preview`)).status).toBe(403);
    // A client without an e-mail address: the preview says so (to: null).
    const noMail = await json<ClientView>(await admin.send('POST', '/api/clients', aClientInput({ name: 'Nomail Person', contacts: [{ name: 'Nomail Person', role: '', emails: [], phones: ['(555) 010-2000'] }] })));
    const other = await create({ clientId: noMail.id });
    expect(await json<SendPreviewDto>(await admin.get(`/api/invoices/${other.id}/send-preview`))).toMatchObject({ toName: 'Nomail Person', to: null });
    // A household: the dialog names the person the address belongs to, not the household.
    const household = await json<ClientView>(
      await admin.send('POST', '/api/clients', aClientInput({ name: 'Jordan-Wetherington & Oyelaran Household', contacts: [{ name: 'Casey Jordan-Wetherington', role: 'Owner', emails: ['casey.jw@example.com'], phones: [] }] })),
    );
    const theirs = await create({ clientId: household.id });
    expect(await json<SendPreviewDto>(await admin.get(`/api/invoices/${theirs.id}/send-preview`))).toMatchObject({ toName: 'Casey Jordan-Wetherington', to: 'casey.jw@example.com' });
    expect((await admin.send('POST', `/api/invoices/${inv.id}/send`, {})).status).toBe(200);
    const after = await json<SendPreviewDto>(await admin.get(`/api/invoices/${inv.id}/send-preview`));
    expect(after.lastSentAt).toEqual(expect.any(String));
    await expect.poll(() => received.length).toBeGreaterThan(0);
    // Like a proposal's, the box says where it last went: the address the mail was sent to.
    expect(after.lastSentTo).toBe(received.at(-1)!.to[0]);
    expect(after.lastSentTo).toBe(preview.to);
    received.splice(0);
  });

  it('sends an invoice over SMTP with its PDF attached and a public link the client can open', async () => {
    const inv = await create({ issueDate: '2026-11-03' });
    expect(inv).toMatchObject({ status: 'draft', number: expect.stringMatching(/^INV-2026-\d{4}$/), totalCents: 10_825, dueDate: '2026-12-03' });
    const res = await admin.send('POST', `/api/invoices/${inv.id}/send`, {});
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<InvoiceDto>(res)).status).toBe('sent');

    await expect.poll(() => received.length).toBe(1);
    const mail = received[0]!;
    expect(mail.to).toEqual([client.contacts[0]!.emails[0]]);
    const { text, pdf } = parseMail(mail.raw);
    expect(text).toContain(`Subject: Invoice ${inv.number}`);
    expect(pdf).not.toBeNull();
    expect(pdfText(pdf!)).toContain(inv.number);
    const link = new RegExp(`${t.url}/i/([A-Za-z0-9_-]{20,})`).exec(text);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const visitor = new TestClient(t.url);
    const pub = await visitor.get(`/api/public/invoices/${token}`);
    expect(pub.status).toBe(200);
    const page = await json<PublicInvoiceDto>(pub);
    expect(page).toMatchObject({ number: inv.number, balanceCents: 10_825, company: { name: t.config.company.name } });
    // Bill to: the billing address as en-US writes it, the empty line 2 left out; How to pay: the PDF's words.
    const a = client.billingAddress;
    expect(page.clientAddress).toEqual([a.line1, `${a.city}, ${a.region} ${a.postcode}`]);
    expect(page.howToPay).toEqual({ kind: 'pay', title: 'How to pay', lines: [t.config.paymentInstructions, `Please pay $108.25 and quote ${inv.number} with your payment.`] });
    const printed = pdfText(pdf!).replace(/\s+/g, ' ');
    for (const words of [...page.clientAddress, 'How to pay', ...page.howToPay!.lines]) expect(printed).toContain(words.replace(/\s+/g, ' '));
    expect(text).toContain('issued Nov 3, 2026, due Dec 3, 2026');
    const pubPdf = await visitor.get(`/api/public/invoices/${token}/pdf?download=1`);
    expect(pubPdf.headers.get('content-type')).toBe('application/pdf');
    expect(pubPdf.headers.get('content-disposition')).toContain(`attachment; filename="${inv.number}.pdf"`);
    expect((await visitor.get(`/api/public/invoices/${token.slice(0, -2)}xx`)).status).toBe(404);
    // Other tests of this file send invoices through the same server: this invoice's mail, once.
    const mails = (await t.container.resolve(TOKENS.Outbox).list(50)).filter((m) => m.about.some((a) => a.label === inv.number));
    expect(mails.map((m) => ({ status: m.status, kind: m.kind, about: m.about.map((a) => a.label) }))).toEqual([{ status: 'sent', kind: 'invoice', about: [inv.number, expect.any(String)] }]);
  });

  it('records a partial payment, refuses an overpayment, and audits both', async () => {
    const inv = await create();
    await admin.send('POST', `/api/invoices/${inv.id}/send`, {});
    const over = await admin.send('POST', `/api/invoices/${inv.id}/payments`, { date: '2026-11-10', amountCents: 10_826, method: 'card' });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ error: { code: 'validation', fields: { amountCents: ['Amount: $108.26 is more than the balance due ($108.25); enter at most $108.25.'] } } });
    const part = await admin.send('POST', `/api/invoices/${inv.id}/payments`, { date: '2026-11-10', amountCents: 4_000, method: 'check', reference: '1042' });
    expect(await json<InvoiceDto>(part)).toMatchObject({ status: 'partial', balanceCents: 6_825 });
    const detail = await json<InvoiceDetailDto>(await admin.get(`/api/invoices/${inv.id}`));
    expect(detail.audit[0]).toMatchObject({ action: 'payment', actorName: 'Frank Miller', changes: expect.arrayContaining([{ field: 'paidCents', from: 0, to: 4_000 }]) });
    expect(detail.canEdit).toBe(true);
    const locked = await admin.send('PUT', `/api/invoices/${inv.id}`, { terms: 'net7', issueDate: inv.issueDate, lines: [line()] });
    expect(locked.status).toBe(409);
  });

  it('creates an invoice from a job’s materials priced from the inventory', async () => {
    const items = await t.container.resolve(TOKENS.Inventory).allItems();
    const item = items[0]!;
    await t.container.resolve(TOKENS.Store).collection('jobs').create({ number: 'JOB-0042', clientId: client.id, siteId: null, title: 'Panel upgrade', materials: [{ itemId: item.id, qty: 3 }, { itemId: 'gone', qty: 1 }] }, 'job-42');
    const inv = await create({ jobId: 'job-42', materialsTaxRateBp: 1000, lines: [line({ description: 'Labour', quantity: 2, unitPriceCents: 8_500, taxRateBp: 0 })] });
    expect(inv.source).toEqual({ kind: 'job', id: 'job-42' });
    expect(inv.title).toBe('JOB-0042 Panel upgrade');
    expect(inv.lines.map((l) => [l.itemId, l.quantity, l.unitPriceCents, l.taxRateBp])).toEqual([
      [item.id, 3, item.unitPriceCents, 1000],
      [null, 2, 8_500, 0],
    ]);
  });

  it('voids, credits, filters and pages the list', async () => {
    const a = await create({ title: 'Voided one' });
    const voided = await admin.send('POST', `/api/invoices/${a.id}/void`, { reason: 'Duplicate' });
    expect(await json<InvoiceDto>(voided)).toMatchObject({ status: 'void', voidReason: 'Duplicate' });
    const b = await create();
    await admin.send('POST', `/api/invoices/${b.id}/send`, {});
    const cn = await admin.send('POST', `/api/invoices/${b.id}/credit-notes`, { lines: [line({ quantity: 1 })], reason: 'One returned' });
    expect(cn.status, await cn.clone().text()).toBe(201);
    const createdCredit = await json<InvoiceDto>(cn);
    expect(createdCredit).toMatchObject({ kind: 'credit-note', creditFor: { id: b.id }, totalCents: -5_413 });
    // A credit note is sent to the customer like an invoice: its own subject, its CN number and PDF.
    const credit = createdCredit;
    await expect.poll(() => received.length).toBeGreaterThan(0);
    received.splice(0);
    expect((await admin.send('POST', `/api/invoices/${credit.id}/send`, {})).status).toBe(200);
    await expect.poll(() => received.length).toBe(1);
    const creditMail = parseMail(received[0]!.raw);
    expect(creditMail.text).toContain(`Subject: Credit note ${credit.number} from ${t.config.company.name}`);
    expect(credit.number).toMatch(/^CN-\d{4}-\d{4}$/);
    expect(pdfText(creditMail.pdf!)).toContain(credit.number);
    const list = await json<InvoiceListResponse>(await admin.get('/api/invoices?status=void'));
    expect(list.items.map((i) => i.id)).toContain(a.id);
    expect(list.items.every((i) => i.status === 'void')).toBe(true);
    const search = await json<InvoiceListResponse>(await admin.get(`/api/invoices?search=${encodeURIComponent('voided')}`));
    expect(search.items.map((i) => i.id)).toEqual([a.id]);
    const page1 = await json<InvoiceListResponse>(await admin.get('/api/invoices?limit=2&sort=number&dir=asc'));
    const page2 = await json<InvoiceListResponse>(await admin.get(`/api/invoices?limit=2&sort=number&dir=asc&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`));
    expect(page2.items[0]!.number > page1.items[1]!.number).toBe(true);
  });

  it('a user without invoice permissions is refused; the PDF downloads as an attachment', async () => {
    const inv = await create();
    expect((await maria.get('/api/invoices')).status).toBe(403);
    expect((await maria.get(`/api/invoices/${inv.id}/pdf`)).status).toBe(403);
    const pdf = await admin.get(`/api/invoices/${inv.id}/pdf`);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${inv.number}.pdf"`);
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain('Smoke detector');
  });

  it('reports tax per rate as JSON, CSV and PDF', async () => {
    const inv = await create({ issueDate: '2026-10-05', lines: [line({ quantity: 1, unitPriceCents: 20_000, taxRateBp: 1000 }), line({ quantity: 1, unitPriceCents: 10_000, taxRateBp: 0 })] });
    await admin.send('POST', `/api/invoices/${inv.id}/send`, {});
    await admin.send('POST', `/api/invoices/${inv.id}/payments`, { date: '2026-10-20', amountCents: 16_000, method: 'cash' });
    const accrual = await json<TaxReportDto>(await admin.get('/api/tax-reports?basis=accrual&period=month&value=2026-10'));
    expect(accrual.rows).toEqual([
      { taxRateBp: 0, taxableCents: 10_000, taxCents: 0, invoiceCount: 1 },
      { taxRateBp: 1000, taxableCents: 20_000, taxCents: 2_000, invoiceCount: 1 },
    ]);
    const cash = await json<TaxReportDto>(await admin.get('/api/tax-reports?basis=cash&period=custom&value=2026-10-01..2026-10-31'));
    expect(cash.rows).toEqual([
      { taxRateBp: 0, taxableCents: 5_000, taxCents: 0, invoiceCount: 1 },
      { taxRateBp: 1000, taxableCents: 10_000, taxCents: 1_000, invoiceCount: 1 },
    ]);
    expect(cash.entryCount).toBe(2);
    const drill = await json<TaxReportDto>(await admin.get('/api/tax-reports?basis=cash&period=month&value=2026-10&rate=1000'));
    expect(drill).toMatchObject({ entryCount: 1, entries: [{ number: inv.number, taxRateBp: 1000, taxCents: 1_000 }] });
    const csv = await (await admin.get('/api/tax-reports/export.csv?basis=cash&period=month&value=2026-10')).text();
    expect(csv).toContain('summary,cash,2026-10-01,2026-10-31,10 %,1000,1,100.00,10.00');
    expect(csv).toContain(`2026-10-20,${inv.number},invoice,`);
    const pdf = await admin.get('/api/tax-reports/export.pdf?basis=accrual&period=quarter&value=2026-Q4');
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('TAX REPORT');
    expect(text).toContain(inv.number);
    expect((await admin.get('/api/tax-reports?basis=cash&period=month&value=2026-13')).status).toBe(400);
    // A mistyped year is named, not answered with an empty report that reads "no tax due".
    const typo = await admin.get('/api/tax-reports?basis=accrual&period=year&value=0226');
    expect(typo.status).toBe(400);
    const body = (await typo.json()) as { error: { message: string; fields: Record<string, string[]> } };
    expect(body.error.message).toMatch(/^Year: the year 0226 looks mistyped; pick a year from 2000 to \d{4}\.$/);
    expect(body.error.fields['value']).toEqual([body.error.message]);
    expect((await admin.get('/api/tax-reports?basis=accrual&period=custom&value=2026-01-01..2062-12-31')).status).toBe(400);
    expect((await maria.get('/api/tax-reports?period=year&value=2026')).status).toBe(403);
  });
});
