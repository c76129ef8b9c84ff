import { METHOD_LABELS } from '../../contracts/invoice-labels.ts';
import { paymentGuide, type BillTo, type CompanyLetterhead, type DocumentFormat, type InvoiceDocuments } from '../../domain/invoices/invoice-documents.ts';
import { dayIn, isOverdue, type Invoice } from '../../domain/invoices/invoice.ts';
import { formatMoney, formatRateBp } from '../../domain/shared/money.ts';
import type { TaxReport } from '../../domain/invoices/tax-report.ts';
import { ensureSpace, formatDay, formatQuantity, letterhead, MUTED, renderPdf, tidyText, type Doc } from './pdf-layout.ts';

const MARGIN = 50;
const PDF_ENTRY_LIMIT = 2000;
const STATUS: Record<Invoice['status'], string> = { draft: 'Draft', sent: 'Sent', partial: 'Partly paid', paid: 'Paid', void: 'VOID' };

/**
 * A table row: text columns at x positions, numbers right-aligned in their width. A cell that
 * fits its width is placed directly (no line wrapper: most of pdfkit's time per cell); only
 * longer text (descriptions) wraps, inside its column.
 */
function row(doc: Doc, cells: { text: string; x: number; width: number; align?: 'left' | 'right' }[], bold = false): void {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const line = doc.currentLineHeight(true);
  const height = Math.max(...cells.map((c) => (doc.widthOfString(c.text) <= c.width ? line : doc.heightOfString(c.text, { width: c.width }))));
  ensureSpace(doc, height + 3);
  const y = doc.y;
  for (const c of cells) {
    const w = doc.widthOfString(c.text);
    if (w <= c.width) {
      doc.text(c.text, c.align === 'right' ? c.x + c.width - w : c.x, y, { lineBreak: false });
    } else {
      doc.text(c.text, c.x, y, { width: c.width, align: c.align ?? 'left' });
    }
  }
  doc.x = MARGIN;
  doc.y = y + height + 3;
}

function rule(doc: Doc): void {
  doc.moveTo(MARGIN, doc.y).lineTo(doc.page.width - MARGIN, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y += 4;
}

/** Column positions from the right edge, so Letter and A4 both fit. */
function columns(doc: Doc) {
  const right = doc.page.width - MARGIN;
  const amount = { x: right - 85, width: 85 };
  const tax = { x: amount.x - 55, width: 50 };
  const unit = { x: tax.x - 75, width: 70 };
  const qty = { x: unit.x - 50, width: 45 };
  const desc = { x: MARGIN, width: qty.x - MARGIN - 10 };
  return { right, amount, tax, unit, qty, desc };
}

const termsText = (terms: Invoice['terms']): string => (terms === 'net0' ? 'Due on receipt' : terms.replace('net', 'Net '));

export class PdfkitInvoiceDocuments implements InvoiceDocuments {
  invoicePdf(inv: Invoice, company: CompanyLetterhead, f: DocumentFormat, billTo: BillTo = { addressLines: [] }): Promise<Uint8Array> {
    const money = (c: number) => formatMoney(c, f);
    const day = (iso: string) => formatDay(iso, f.locale);
    const today = dayIn(f.timeZone, new Date());
    const heading = inv.kind === 'credit-note' ? 'CREDIT NOTE' : 'INVOICE';
    return renderPdf({ locale: f.locale, margin: MARGIN, title: `${heading} ${inv.number}`, author: company.name, footer: company }, (doc) => {
      letterhead(doc, company, heading, [inv.number]);
      const top = doc.y;
      const right = doc.page.width - MARGIN;
      const metaLabel = right - 220;
      const billWidth = metaLabel - MARGIN - 20;
      doc.font('Helvetica-Bold').fontSize(10).text(inv.kind === 'credit-note' ? 'Credit to' : 'Bill to', MARGIN, top, { width: billWidth });
      doc.font('Helvetica').text(inv.clientName, { width: billWidth });
      for (const line of billTo.addressLines) doc.text(line, { width: billWidth });
      if (inv.clientEmail) doc.text(inv.clientEmail, { width: billWidth });
      const billBottom = doc.y;
      const meta: [string, string][] = [
        ['Number', inv.number],
        ['Issue date', day(inv.issueDate)],
        ...(inv.kind === 'invoice' ? ([['Due date', day(inv.dueDate)], ['Terms', termsText(inv.terms)]] as [string, string][]) : []),
        ...(inv.creditFor ? ([['For invoice', inv.creditFor.number]] as [string, string][]) : []),
        // "Draft" or "Sent" tells a customer nothing; what was paid, voided or is overdue does.
        ...(isOverdue(inv, today) ? ([['Status', `${STATUS[inv.status]} (overdue)`]] as [string, string][]) : inv.status === 'draft' || inv.status === 'sent' ? [] : ([['Status', STATUS[inv.status]]] as [string, string][])),
      ];
      let y = top;
      for (const [k, v] of meta) {
        doc.font('Helvetica-Bold').text(k, metaLabel, y, { width: 75 });
        doc.font('Helvetica').text(v, metaLabel + 75, y, { width: 145, align: 'right' });
        y = Math.max(y + 14, doc.y);
      }
      doc.x = MARGIN;
      doc.y = Math.max(billBottom, y) + 12;
      const title = tidyText(inv.title);
      if (title) doc.font('Helvetica-Bold').fontSize(11).text(title, MARGIN, doc.y, { width: right - MARGIN }).moveDown(0.5);

      const c = columns(doc);
      row(
        doc,
        [
          { text: 'Description', ...c.desc },
          { text: 'Qty', ...c.qty, align: 'right' },
          { text: 'Unit price', ...c.unit, align: 'right' },
          { text: 'Tax', ...c.tax, align: 'right' },
          { text: 'Amount', ...c.amount, align: 'right' },
        ],
        true,
      );
      rule(doc);
      for (const l of inv.lines) {
        row(doc, [
          { text: tidyText(l.description), ...c.desc },
          { text: formatQuantity(l.quantity, f.locale), ...c.qty, align: 'right' },
          { text: money(l.unitPriceCents), ...c.unit, align: 'right' },
          { text: formatRateBp(l.taxRateBp, f.locale), ...c.tax, align: 'right' },
          { text: money(l.netCents), ...c.amount, align: 'right' },
        ]);
      }
      rule(doc);
      const labelX = MARGIN + 150;
      const total = (label: string, value: string, bold = false) =>
        row(doc, [{ text: label, x: labelX, width: c.amount.x - labelX - 10, align: 'right' }, { text: value, ...c.amount, align: 'right' }], bold);
      total('Subtotal', money(inv.subtotalCents));
      // A 0 % rate charges nothing: no "Tax 0 % … 0.00" line.
      for (const t of inv.taxes.filter((x) => x.taxRateBp !== 0 || x.taxCents !== 0)) total(`Tax ${formatRateBp(t.taxRateBp, f.locale)} on ${money(t.taxableCents)}`, money(t.taxCents));
      total('Total', money(inv.totalCents), true);
      if (inv.kind === 'invoice') {
        for (const p of inv.payments) total(`${p.amountCents < 0 ? 'Refund' : 'Payment'} ${day(p.date)} (${[METHOD_LABELS[p.method], p.reference.trim()].filter(Boolean).join(' ')})`, money(-p.amountCents));
        for (const cn of inv.creditNotes) total(`Credit note ${cn.number}`, '');
        if (inv.creditedCents > 0) total('Credited', money(-inv.creditedCents));
        total('Balance due', money(inv.balanceCents), true);
      }
      const width = right - MARGIN;
      if (inv.status === 'void') {
        const reason = tidyText(inv.voidReason ?? '');
        doc.moveDown().font('Helvetica-Bold').fillColor('#b91c1c').text(reason ? `VOID: ${reason}` : 'VOID', MARGIN, doc.y, { width }).fillColor('#000000');
      }
      const notes = tidyText(inv.notes);
      if (notes) doc.moveDown().font('Helvetica').fontSize(9).fillColor(MUTED).text(notes, MARGIN, doc.y, { width }).fillColor('#000000');
      this.howToPay(doc, inv, company, f, width);
    });
  }

  /** The "How to pay" box (domain paymentGuide, the same text the public page shows); a thank-you once paid. */
  private howToPay(doc: Doc, inv: Invoice, company: CompanyLetterhead, f: DocumentFormat, width: number): void {
    const guide = paymentGuide(inv, company.paymentInstructions, f);
    if (!guide) return;
    doc.moveDown(1.2);
    if (guide.kind === 'paid') {
      ensureSpace(doc, 20);
      doc.font('Helvetica-Bold').fontSize(10).text(guide.title, MARGIN, doc.y, { width });
      return;
    }
    doc.font('Helvetica').fontSize(9);
    const body = guide.lines.map(tidyText).filter(Boolean).join('\n');
    const h = doc.heightOfString(body, { width: width - 20 }) + 34;
    ensureSpace(doc, h);
    const y = doc.y;
    doc.save().rect(MARGIN, y, width, h).lineWidth(0.8).strokeColor('#1e3a8a').stroke().restore();
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#1e3a8a').text(guide.title, MARGIN + 10, y + 8, { width: width - 20 });
    doc.font('Helvetica').fontSize(9).fillColor('#000000').text(body, MARGIN + 10, doc.y + 3, { width: width - 20 });
    doc.x = MARGIN;
    doc.y = y + h + 6;
  }

  taxReportPdf(report: TaxReport, company: CompanyLetterhead, f: DocumentFormat): Promise<Uint8Array> {
    const money = (c: number) => formatMoney(c, f);
    const day = (iso: string) => formatDay(iso, f.locale);
    return renderPdf({ locale: f.locale, margin: MARGIN, title: `Tax report ${report.from} – ${report.to}`, author: company.name, footer: company }, (doc) => {
      letterhead(doc, company, 'TAX REPORT');
      doc.font('Helvetica').fontSize(10).text(`Period ${day(report.from)} to ${day(report.to)}, ${report.basis} basis`).moveDown();
      const right = doc.page.width - MARGIN;
      const head = [
        { text: 'Rate', x: MARGIN, width: 100 },
        { text: 'Invoices', x: right - 360, width: 80, align: 'right' as const },
        { text: 'Taxable', x: right - 270, width: 130, align: 'right' as const },
        { text: 'Tax', x: right - 130, width: 130, align: 'right' as const },
      ];
      row(doc, head, true);
      rule(doc);
      for (const r of report.rows) {
        row(doc, [
          { ...head[0]!, text: formatRateBp(r.taxRateBp, f.locale) },
          { ...head[1]!, text: String(r.invoiceCount) },
          { ...head[2]!, text: money(r.taxableCents) },
          { ...head[3]!, text: money(r.taxCents) },
        ]);
      }
      rule(doc);
      row(doc, [{ ...head[0]!, text: 'Total' }, { ...head[2]!, text: money(report.totals.taxableCents) }, { ...head[3]!, text: money(report.totals.taxCents) }], true);
      doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Invoices', MARGIN).moveDown(0.3);
      // A year of invoices would run to thousands of pages: the PDF lists the first ones, the CSV all.
      const shown = report.entries.slice(0, PDF_ENTRY_LIMIT);
      for (const e of shown) {
        row(doc, [
          { text: `${day(e.date)}  ${e.number}${e.kind === 'credit-note' ? ' (credit)' : ''}`, x: MARGIN, width: 150 },
          { text: e.clientName, x: MARGIN + 155, width: right - MARGIN - 155 - 225 },
          { text: formatRateBp(e.taxRateBp, f.locale), x: right - 220, width: 45, align: 'right' },
          { text: money(e.taxableCents), x: right - 170, width: 80, align: 'right' },
          { text: money(e.taxCents), x: right - 85, width: 85, align: 'right' },
        ]);
      }
      if (report.entries.length > shown.length) doc.moveDown().font('Helvetica').fontSize(9).text(`… and ${report.entries.length - shown.length} more entries: see the CSV export.`, MARGIN);
    });
  }
}
