import PDFDocument from 'pdfkit';
import type { ProposalPdfRenderer } from '../../domain/proposals/proposal-pdf.ts';
import type { PresentedProposal } from '../../domain/proposals/proposal-presentation.ts';
import { DEFAULT_MONEY, formatMoney, formatRateBp, type MoneySettings } from '../../domain/shared/money.ts';

const BRAND = '#1d4ed8';
const MUTED = '#475569';
const LEFT = 50;
const WIDTH = 495;
/** Column x positions: description, qty, unit price, tax, amount. */
const COLS = [LEFT, 300, 350, 425, 470] as const;

const qty = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/**
 * The proposal as a branded A4 PDF (pdfkit, standard Helvetica: nothing to load, ≈ms a page).
 * It renders the same PresentedProposal the public page shows, so every figure matches.
 */
export class PdfkitProposalPdf implements ProposalPdfRenderer {
  /** `money`: the configured currency and locale (CURRENCY, LOCALE). */
  private readonly money: MoneySettings;

  constructor(money: MoneySettings = DEFAULT_MONEY) {
    this.money = money;
  }

  render(p: PresentedProposal): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Proposal ${p.number}`, Author: p.company.name } });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      doc.on('error', reject);

      doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
      doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(20).text(p.company.name, LEFT, 30);
      doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(`${p.company.phone}  |  ${p.company.email}`);
      doc.moveDown(1);
      doc.fillColor('black').font('Helvetica-Bold').fontSize(16).text(`Proposal ${p.number}`);
      if (p.title) doc.font('Helvetica').fontSize(12).text(p.title);
      doc.moveDown(0.5).fontSize(10).font('Helvetica');
      doc.text(`Prepared for: ${p.clientName}`);
      if (p.siteAddress) doc.text(`Site: ${p.siteAddress}`);
      doc.text(`Valid until: ${p.validUntil}`);
      doc.text(`Deposit on acceptance: ${p.depositPercent} %`);
      if (p.acceptedName && p.acceptedAt) {
        const chosen = p.options.find((o) => o.id === p.acceptedOptionId);
        doc.fillColor('#15803d').text(`Accepted: ${chosen?.name ?? ''} by ${p.acceptedName} on ${p.acceptedAt.slice(0, 10)}`).fillColor('black');
      }

      for (const o of p.options) {
        doc.moveDown(1.2);
        if (doc.y > doc.page.height - 200) doc.addPage();
        doc.font('Helvetica-Bold').fontSize(13).fillColor(BRAND).text(`${o.tier.toUpperCase()}: ${o.name}`, LEFT, doc.y, { width: WIDTH });
        doc.fillColor('black').font('Helvetica').fontSize(9);
        if (o.description) doc.text(o.description, { width: WIDTH });
        doc.moveDown(0.4);
        const header = ['Description', 'Qty', 'Unit price', 'Tax', 'Amount'];
        let y = doc.y;
        doc.font('Helvetica-Bold');
        header.forEach((h, i) => doc.text(h, COLS[i], y, { width: i === 0 ? 240 : 70, align: i === 0 ? 'left' : 'right', lineBreak: false }));
        doc.font('Helvetica');
        y += 14;
        for (const l of o.lines) {
          if (y > doc.page.height - 90) {
            doc.addPage();
            y = 50;
          }
          const cells = [l.description, qty(l.quantity), formatMoney(l.unitPriceCents, this.money), formatRateBp(l.taxRateBp, this.money.locale), formatMoney(l.netCents, this.money)];
          const h = doc.heightOfString(l.description, { width: 240 });
          cells.forEach((c, i) => doc.text(c, COLS[i], y, { width: i === 0 ? 240 : 70, align: i === 0 ? 'left' : 'right' }));
          y += Math.max(12, h + 2);
        }
        const sums: [string, number][] = [['Subtotal', o.subtotalCents]];
        if (o.discountCents > 0) sums.push(['Discount', -o.discountCents]);
        sums.push(['Tax', o.taxCents], ['Total', o.totalCents], [`Deposit (${p.depositPercent} %)`, o.depositCents]);
        y += 4;
        for (const [label, cents] of sums) {
          doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').text(label, 330, y, { width: 110, align: 'right', lineBreak: false });
          doc.text(formatMoney(cents, this.money), 440, y, { width: 100, align: 'right', lineBreak: false });
          y += 13;
        }
        doc.x = LEFT;
        doc.y = y;
      }

      if (p.terms) {
        doc.moveDown(1.5);
        doc.font('Helvetica-Bold').fontSize(11).text('Terms', LEFT, doc.y);
        doc.font('Helvetica').fontSize(9).text(p.terms, { width: WIDTH });
      }
      doc.end();
    });
  }
}
