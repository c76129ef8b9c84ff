import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import { createInvoice } from '../../src/application/invoices/create-invoice.ts';
import { addPayment, updateDraft, voidAnInvoice } from '../../src/application/invoices/change-invoice.ts';
import { sendInvoice } from '../../src/application/invoices/send-invoice.ts';
import { createCreditNote } from '../../src/application/invoices/issue-credit-note.ts';
import { getInvoice, invoicePdf, listInvoices, publicInvoice } from '../../src/application/invoices/read-invoices.ts';
import { taxReport } from '../../src/application/invoices/tax-report.ts';
import { buildTaxReport } from '../../src/domain/invoices/tax-report.ts';
import type { NewInvoiceInput } from '../../src/domain/invoices/invoice-issuer.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ADMIN, INVOICE_VIEWER, invoiceDeps, pdfText } from '../support/invoice-deps.ts';
import { aLine } from '../unit/invoices/invoice-factories.ts';

const FRANK = { id: 'demo-admin-frank', name: 'Frank Miller' };
const input = (over: Partial<NewInvoiceInput> = {}): NewInvoiceInput => ({
  clientId: 'client-ada',
  siteId: null,
  source: { kind: 'blank', id: null },
  terms: 'net15',
  issueDate: '2026-11-02',
  lines: [aLine()],
  ...over,
});
const listAll = { search: '', status: null, overdue: null, clientId: null, from: null, to: null, sort: 'number' as const, direction: 'asc' as const, limit: 100, cursor: null };

describe('invoices on SQLite', () => {
  let dir: { path: string; remove: () => void };
  let stores: DocumentStore[];
  const open = () => {
    const s = openSqliteDocumentStore(join(dir.path, 'app.db'));
    stores.push(s);
    return s;
  };
  beforeEach(() => {
    dir = tempDir('invoices-');
    stores = [];
  });
  afterEach(async () => {
    for (const s of stores) await s.close();
    dir.remove();
  });

  // Gapless numbers from three connections at once (invoices and credit notes): the shared contract
  // suite (document-store.contract.ts), on every driver.

  it('runs an invoice from draft to paid, audits each step, and prints the PDF', async () => {
    const deps = invoiceDeps(open());
    const inv = await createInvoice(deps, FRANK, input({ lines: [aLine({ quantity: 2, unitPriceCents: 10_000, taxRateBp: 825 }), aLine({ description: 'Labour', quantity: 1.5, unitPriceCents: 9_000, taxRateBp: 0 })] }));
    expect(inv).toMatchObject({ status: 'draft', subtotalCents: 33_500, taxCents: 1_650, totalCents: 35_150, dueDate: '2026-11-17' });
    const edited = await updateDraft(deps, ADMIN, inv.id, { title: 'Alarm install', notes: 'Thank you!', terms: 'net30', issueDate: '2026-11-02', lines: [aLine({ quantity: 2, unitPriceCents: 10_000, taxRateBp: 825 })] });
    expect(edited).toMatchObject({ totalCents: 21_650, dueDate: '2026-12-02' });

    const sent = await sendInvoice(deps, ADMIN, inv.id, {});
    expect(sent.status).toBe('sent');
    expect(deps.sent).toHaveLength(1);
    expect(deps.sent[0]).toMatchObject({ to: 'ada@example.com', subject: expect.stringContaining(inv.number), attachments: [expect.objectContaining({ filename: `${inv.number}.pdf` })] });
    expect(deps.sent[0]!.text).toContain(`https://shieldline.example/i/${sent.publicToken}`);
    await expect(updateDraft(deps, ADMIN, inv.id, { title: '', notes: '', terms: 'net30', issueDate: '2026-11-02', lines: [aLine()] })).rejects.toMatchObject({ code: 'conflict' });

    await expect(addPayment(deps, ADMIN, inv.id, { date: '2026-11-10', amountCents: 21_651, method: 'card', reference: '' })).rejects.toMatchObject({ code: 'validation' });
    const partial = await addPayment(deps, ADMIN, inv.id, { date: '2026-11-10', amountCents: 10_000, method: 'check', reference: '#1042' });
    expect(partial).toMatchObject({ status: 'partial', paidCents: 10_000, balanceCents: 11_650 });
    await expect(voidAnInvoice(deps, ADMIN, inv.id, 'oops')).rejects.toMatchObject({ code: 'conflict' });

    const text = pdfText((await invoicePdf(deps, ADMIN, inv.id)).pdf);
    for (const s of ['Shieldline Security', '1450 Commerce Drive', '(555) 010-4477', 'office@shieldline.example', inv.number, 'Ada Byron', 'Door contact sensor', 'Tax 8.25 % on $200.00', '$16.50', '$216.50', 'Payment 11/10/2026 (Check #1042)', 'Balance due', '$116.50']) {
      expect(text).toContain(s);
    }
    const detail = await getInvoice(deps, INVOICE_VIEWER, inv.id);
    expect(detail.canEdit).toBe(false);
    expect(detail.audit.map((a) => a.action)).toEqual(['payment', 'send', 'update', 'create']);
    await expect(addPayment(deps, INVOICE_VIEWER, inv.id, { date: '2026-11-10', amountCents: 1, method: 'cash', reference: '' })).rejects.toMatchObject({ code: 'forbidden' });

    // Bill to: the client's postal address as en-US writes it, the empty line 2 left out.
    const billTo = ['Bill to', 'Ada Byron', '1 Main St', 'Springfield, IL 62704', 'ada@example.com'].map((l) => text.search(new RegExp(`^${l.replace(/[.]/g, '\\.')}`, 'm')));
    expect(billTo.every((at, i) => at >= 0 && (i === 0 || at > billTo[i - 1]!)), `Bill to lines in order: ${billTo.join(', ')}`).toBe(true);
    expect(text).not.toMatch(/,\s*,|^\s*,/m);

    const pub = await publicInvoice(deps, sent.publicToken);
    expect(pub).toMatchObject({ number: inv.number, balanceCents: 11_650, status: 'partial', clientAddress: ['1 Main St', 'Springfield, IL 62704'], clientEmail: 'ada@example.com' });
    // The page's "How to pay" is the PDF's: the same words from the same configuration.
    expect(pub.howToPay).toEqual({ kind: 'pay', title: 'How to pay', lines: [`Please pay $116.50 and quote ${inv.number} with your payment.`] });
    expect(text).toContain(`Please pay $116.50 and quote ${inv.number} with your payment.`);
    expect(JSON.stringify(pub)).not.toContain(inv.id);
    await expect(publicInvoice(deps, 'x'.repeat(40))).rejects.toMatchObject({ code: 'not-found' });
  });

  it('a draft’s public link is not found; a credit note gets the next number and lowers the balance', async () => {
    const deps = invoiceDeps(open());
    const a = await createInvoice(deps, FRANK, input({ lines: [aLine({ quantity: 1, unitPriceCents: 50_000, taxRateBp: 1000 })] }));
    await expect(publicInvoice(deps, a.publicToken)).rejects.toMatchObject({ code: 'not-found' });
    await sendInvoice(deps, ADMIN, a.id, {});
    const cn = await createCreditNote(deps, ADMIN, a.id, { lines: [aLine({ description: 'Goodwill', quantity: 1, unitPriceCents: 10_000, taxRateBp: 1000 })], reason: 'Late install', issueDate: '2026-11-05' });
    expect(cn).toMatchObject({ kind: 'credit-note', number: 'CN-2026-0001', totalCents: -11_000, creditFor: { number: a.number } });
    const after = (await getInvoice(deps, ADMIN, a.id)).invoice;
    expect(after).toMatchObject({ creditedCents: 11_000, balanceCents: 44_000, status: 'partial', creditNotes: [{ number: 'CN-2026-0001' }] });
    const cnText = pdfText((await invoicePdf(deps, ADMIN, cn.id)).pdf);
    expect(cnText).toContain('CREDIT NOTE');
    expect(cnText).toMatch(/Number\s+CN-2026-0001/);
    expect(cnText).toMatch(/For invoice\s+INV-2026-0001/);
    expect(cnText).not.toContain('How to pay');
    // The invoices' own sequence does not skip a number for the credit note.
    expect((await createInvoice(deps, FRANK, input())).number).toBe('INV-2026-0002');

    const accrual = await taxReport(deps, ADMIN, { basis: 'accrual', period: 'month', value: '2026-11' });
    expect(accrual.rows).toEqual([{ taxRateBp: 1000, taxableCents: 40_000, taxCents: 4_000, invoiceCount: 2 }]);
    await addPayment(deps, ADMIN, a.id, { date: '2026-11-12', amountCents: 22_000, method: 'cash', reference: '' });
    const cash = await taxReport(deps, ADMIN, { basis: 'cash', period: 'quarter', value: '2026-Q4' });
    // Effective invoice: 40 000 taxable + 4 000 tax = 44 000; half of it paid.
    expect(cash.rows).toEqual([{ taxRateBp: 1000, taxableCents: 20_000, taxCents: 2_000, invoiceCount: 1 }]);
  });

  it('lists with filters, search, overdue and cursor paging; the report reads what the list shows', async () => {
    const deps = invoiceDeps(open(), { today: '2026-12-20' });
    for (let i = 0; i < 7; i++) {
      const inv = await createInvoice(deps, FRANK, input({ issueDate: `2026-11-0${i + 1}`, terms: i % 2 === 0 ? 'net7' : 'net60', title: i === 3 ? 'Camera upgrade' : '' }));
      if (i < 5) await sendInvoice(deps, ADMIN, inv.id, {});
    }
    const overdue = await listInvoices(deps, ADMIN, { ...listAll, overdue: true });
    expect(overdue.items.map((i) => i.number)).toEqual(['INV-2026-0001', 'INV-2026-0003', 'INV-2026-0005']);
    expect(overdue.items.every((i) => i.overdue && i.daysOverdue > 0)).toBe(true);
    expect((await listInvoices(deps, ADMIN, { ...listAll, status: 'draft' })).items).toHaveLength(2);
    expect((await listInvoices(deps, ADMIN, { ...listAll, search: 'camera' })).items.map((i) => i.number)).toEqual(['INV-2026-0004']);
    expect((await listInvoices(deps, ADMIN, { ...listAll, search: 'inv-2026-0006' })).items.map((i) => i.number)).toEqual(['INV-2026-0006']);
    const first = await listInvoices(deps, ADMIN, { ...listAll, limit: 4 });
    const second = await listInvoices(deps, ADMIN, { ...listAll, limit: 4, cursor: first.nextCursor });
    expect([...first.items, ...second.items].map((i) => i.number)).toEqual(Array.from({ length: 7 }, (_, i) => `INV-2026-000${i + 1}`));
    expect(second.nextCursor).toBeNull();

    // A sent invoice voided later leaves the report (its tax entry is removed in the same transaction).
    const fifth = first.items.find((i) => i.number === 'INV-2026-0005') ?? second.items.find((i) => i.number === 'INV-2026-0005');
    await voidAnInvoice(deps, ADMIN, fifth!.id, 'Duplicate');
    const all = (await listInvoices(deps, ADMIN, listAll)).items;
    expect(all.filter((i) => i.status === 'void').map((i) => i.number)).toEqual(['INV-2026-0005']);
    const report = await taxReport(deps, ADMIN, { basis: 'accrual', period: 'custom', value: '2026-11-01..2026-11-30' });
    expect(report).toEqual(buildTaxReport(all, 'accrual', '2026-11-01', '2026-11-30'));
    expect(report.totals.taxCents).toBe(all.filter((i) => i.status !== 'draft' && i.status !== 'void').reduce((s, i) => s + i.taxCents, 0));
    expect(report.entries.map((e) => e.number)).toEqual(['INV-2026-0001', 'INV-2026-0002', 'INV-2026-0003', 'INV-2026-0004']);
  });
});
