import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { TOKENS } from '../../src/container.ts';
import { createInvoice } from '../../src/application/invoices/create-invoice.ts';
import { sendInvoice } from '../../src/application/invoices/send-invoice.ts';
import { ADMIN, invoiceDeps, pdfText } from '../support/invoice-deps.ts';
import { aLine } from '../unit/invoices/invoice-factories.ts';

const NBSP = '\u00a0';

/** CURRENCY and LOCALE from the environment reach the SPA's site settings, the mails and the PDFs. */
describe('money settings from configuration (CURRENCY=EUR, LOCALE=de-DE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ CURRENCY: 'EUR', LOCALE: 'de-DE', COMPANY_TIME_ZONE: 'Europe/Berlin' });
  });
  afterAll(() => t.close());

  it("GET /api/site tells the SPA the currency, the locale and the company's time zone (its date boxes' today)", async () => {
    const res = await t.app.inject('/api/site');
    expect(res.json()).toMatchObject({ money: { currency: 'EUR', locale: 'de-DE' }, timeZone: 'Europe/Berlin' });
  });

  it('the composition root hands them to invoices, proposals and reminders', () => {
    expect(t.container.resolve(TOKENS.InvoiceDeps).format).toMatchObject({ currency: 'EUR', locale: 'de-DE' });
    expect(t.container.resolve(TOKENS.ProposalDeps).money).toEqual({ currency: 'EUR', locale: 'de-DE' });
    expect(t.container.resolve(TOKENS.ReminderDeps).money).toEqual({ currency: 'EUR', locale: 'de-DE' });
  });

  it('an invoice mail and its PDF show euros the German way', async () => {
    const real = t.container.resolve(TOKENS.InvoiceDeps);
    // The configured format and PDF renderer; a one-client directory and a mailer that keeps what it sends.
    const deps = { ...invoiceDeps(t.container.resolve(TOKENS.Store)), format: real.format, documents: real.documents };
    const inv = await createInvoice(deps, { id: 'demo-admin-frank', name: 'Frank Miller' }, {
      clientId: 'client-ada',
      siteId: null,
      source: { kind: 'blank', id: null },
      terms: 'net15',
      issueDate: '2026-11-02',
      lines: [aLine({ quantity: 10, unitPriceCents: 12_345, taxRateBp: 1900 })],
    });
    await sendInvoice(deps, ADMIN, inv.id, {});
    // 10 × 123,45 € = 1.234,50 €; 19 % = 234,56 € (234,555 → 234,56); total 1.469,06 €
    const mail = deps.sent[0]!;
    expect(mail.text).toContain(`Total: 1.469,06${NBSP}€`);
    // Dates the German way too, never ISO: 2. Nov. 2026, due 15 days later.
    expect(mail.text).toContain('issued 02.11.2026, due 17.11.2026');
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const pdf = pdfText(mail.attachments![0]!.content as Uint8Array);
    expect(pdf).toMatch(/Tax 19 % on 1\.234,50\s€/);
    expect(pdf).toMatch(/1\.469,06\s€/);
    expect(pdf).not.toContain('$');
  });
});
