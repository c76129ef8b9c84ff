import PDFDocument from 'pdfkit';
import type { CompanyLetterhead, DocumentFormat, InvoiceDocuments } from '../../domain/invoices/invoice-documents.ts';
import { dayIn, isOverdue, type Invoice } from '../../domain/invoices/invoice.ts';
import { formatMoney, formatRateBp } from '../../domain/shared/money.ts';
import type { TaxReport } from '../../domain/invoices/tax-report.ts';

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
const PDF_ENTRY_LIMIT = 2000;
const STATUS: Record<Invoice['status'], string> = { draft: 'Draft', sent: 'Sent', partial: 'Partly paid', paid: 'Paid', void: 'VOID' };
const BRAND = '#1e3a8a';
const MUTED = '#555555';

/** Collects the document's bytes as pdfkit streams them. */
function render(draw: (doc: Doc) => void, info: { Title: string; Author: string }): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // compress: false keeps text extractable by any reader and is faster for one-page documents.
    const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info, compress: false, bufferPages: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

function letterhead(doc: Doc, company: CompanyLetterhead, heading: string): void {
  doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(18).text(company.name, MARGIN, 30);
  doc.fillColor(MUTED).font('Helvetica').fontSize(9);
  doc.text(company.address).text(`${company.phone}  ·  ${company.email}`);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(heading, MARGIN, 30, { align: 'right' });
  doc.moveDown(3);
}

/**
 * A table row: text columns at fixed x positions, numbers right-aligned in their width. A cell
 * that fits its width is placed directly (no line wrapper: most of pdfkit's time per cell);
 * only longer text (descriptions) wraps.
 */
function row(doc: Doc, cells: { text: string; x: number; width: number; align?: 'left' | 'right' }[], bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  let bottom = y + doc.currentLineHeight(true);
  for (const c of cells) {
    const w = doc.widthOfString(c.text);
    if (w <= c.width) {
      doc.text(c.text, c.align === 'right' ? c.x + c.width - w : c.x, y, { lineBreak: false });
    } else {
      doc.text(c.text, c.x, y, { width: c.width, align: c.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
    }
  }
  doc.x = MARGIN;
  doc.y = bottom + 3;
  if (doc.y > doc.page.height - 80) doc.addPage();
}

function rule(doc: Doc): void {
  doc.moveTo(MARGIN, doc.y).lineTo(doc.page.width - MARGIN, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y += 4;
}

export class PdfkitInvoiceDocuments implements InvoiceDocuments {
  invoicePdf(inv: Invoice, company: CompanyLetterhead, f: DocumentFormat): Promise<Uint8Array> {
    const money = (c: number) => formatMoney(c, f);
    const today = dayIn(f.timeZone, new Date());
    const heading = inv.kind === 'credit-note' ? 'CREDIT NOTE' : 'INVOICE';
    return render(
      (doc) => {
        letterhead(doc, company, heading);
        const top = doc.y;
        doc.font('Helvetica-Bold').fontSize(10).text('Bill to', MARGIN, top);
        doc.font('Helvetica').text(inv.clientName);
        if (inv.clientEmail) doc.text(inv.clientEmail);
        const meta: [string, string][] = [
          ['Number', inv.number],
          ['Issue date', inv.issueDate],
          ...(inv.kind === 'invoice' ? ([['Due date', inv.dueDate], ['Terms', inv.terms.replace('net', 'Net ')]] as [string, string][]) : []),
          ...(inv.creditFor ? ([['Credits', inv.creditFor.number]] as [string, string][]) : []),
          ['Status', isOverdue(inv, today) ? `${STATUS[inv.status]} (overdue)` : STATUS[inv.status]],
        ];
        let y = top;
        for (const [k, v] of meta) {
          doc.font('Helvetica-Bold').text(k, 330, y, { width: 80 });
          doc.font('Helvetica').text(v, 410, y, { width: 150, align: 'right' });
          y += 14;
        }
        doc.x = MARGIN;
        doc.y = Math.max(doc.y, y) + 12;
        if (inv.title) doc.font('Helvetica-Bold').fontSize(11).text(inv.title).moveDown(0.5);

        const cols = { desc: MARGIN, qty: 290, unit: 340, tax: 410, amount: 470 };
        row(
          doc,
          [
            { text: 'Description', x: cols.desc, width: 235 },
            { text: 'Qty', x: cols.qty, width: 45, align: 'right' },
            { text: 'Unit price', x: cols.unit, width: 65, align: 'right' },
            { text: 'Tax', x: cols.tax, width: 55, align: 'right' },
            { text: 'Amount', x: cols.amount, width: 92, align: 'right' },
          ],
          true,
        );
        rule(doc);
        for (const l of inv.lines) {
          row(doc, [
            { text: l.description, x: cols.desc, width: 235 },
            { text: String(l.quantity), x: cols.qty, width: 45, align: 'right' },
            { text: money(l.unitPriceCents), x: cols.unit, width: 65, align: 'right' },
            { text: formatRateBp(l.taxRateBp, f.locale), x: cols.tax, width: 55, align: 'right' },
            { text: money(l.netCents), x: cols.amount, width: 92, align: 'right' },
          ]);
        }
        rule(doc);
        const total = (label: string, value: string, bold = false) =>
          row(doc, [{ text: label, x: 300, width: 160, align: 'right' }, { text: value, x: cols.amount, width: 92, align: 'right' }], bold);
        total('Subtotal', money(inv.subtotalCents));
        for (const t of inv.taxes) total(`Tax ${formatRateBp(t.taxRateBp, f.locale)} on ${money(t.taxableCents)}`, money(t.taxCents));
        total('Total', money(inv.totalCents), true);
        if (inv.kind === 'invoice') {
          for (const p of inv.payments) total(`Payment ${p.date} (${p.method}${p.reference ? ` ${p.reference}` : ''})`, money(-p.amountCents));
          for (const c of inv.creditNotes) total(`Credit note ${c.number}`, '');
          if (inv.creditedCents > 0) total('Credited', money(-inv.creditedCents));
          total('Balance due', money(inv.balanceCents), true);
        }
        if (inv.status === 'void') doc.moveDown().font('Helvetica-Bold').fillColor('#b91c1c').text(`VOID: ${inv.voidReason ?? ''}`).fillColor('#000000');
        if (inv.notes) doc.moveDown().font('Helvetica').fontSize(9).fillColor(MUTED).text(inv.notes, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
      },
      { Title: `${heading} ${inv.number}`, Author: company.name },
    );
  }

  taxReportPdf(report: TaxReport, company: CompanyLetterhead, f: DocumentFormat): Promise<Uint8Array> {
    const money = (c: number) => formatMoney(c, f);
    return render(
      (doc) => {
        letterhead(doc, company, 'TAX REPORT');
        doc.font('Helvetica').fontSize(10).text(`Period ${report.from} to ${report.to}, ${report.basis} basis`).moveDown();
        const head = [
          { text: 'Rate', x: MARGIN, width: 100 },
          { text: 'Invoices', x: 160, width: 80, align: 'right' as const },
          { text: 'Taxable', x: 250, width: 130, align: 'right' as const },
          { text: 'Tax', x: 390, width: 130, align: 'right' as const },
        ];
        row(doc, head, true);
        rule(doc);
        for (const r of report.rows) {
          row(doc, [
            { text: formatRateBp(r.taxRateBp, f.locale), x: MARGIN, width: 100 },
            { text: String(r.invoiceCount), x: 160, width: 80, align: 'right' },
            { text: money(r.taxableCents), x: 250, width: 130, align: 'right' },
            { text: money(r.taxCents), x: 390, width: 130, align: 'right' },
          ]);
        }
        rule(doc);
        row(
          doc,
          [
            { text: 'Total', x: MARGIN, width: 100 },
            { text: money(report.totals.taxableCents), x: 250, width: 130, align: 'right' },
            { text: money(report.totals.taxCents), x: 390, width: 130, align: 'right' },
          ],
          true,
        );
        doc.moveDown().font('Helvetica-Bold').fontSize(11).text('Invoices', MARGIN).moveDown(0.3);
        // A year of invoices would run to thousands of pages: the PDF lists the first ones, the CSV all.
        const shown = report.entries.slice(0, PDF_ENTRY_LIMIT);
        for (const e of shown) {
          row(doc, [
            { text: `${e.date}  ${e.number}${e.kind === 'credit-note' ? ' (credit)' : ''}`, x: MARGIN, width: 170 },
            { text: e.clientName, x: 225, width: 120 },
            { text: formatRateBp(e.taxRateBp, f.locale), x: 345, width: 45, align: 'right' },
            { text: money(e.taxableCents), x: 390, width: 80, align: 'right' },
            { text: money(e.taxCents), x: 470, width: 92, align: 'right' },
          ]);
        }
        if (report.entries.length > shown.length) doc.moveDown().font('Helvetica').fontSize(9).text(`… and ${report.entries.length - shown.length} more entries: see the CSV export.`, MARGIN);
      },
      { Title: `Tax report ${report.from} – ${report.to}`, Author: company.name },
    );
  }
}
