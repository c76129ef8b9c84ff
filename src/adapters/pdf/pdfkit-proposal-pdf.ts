import type { ProposalPdfRenderer } from '../../domain/proposals/proposal-pdf.ts';
import { acceptanceGuide, depositGuide, type PresentedProposal } from '../../domain/proposals/proposal-presentation.ts';
import { DEFAULT_MONEY, formatMoney, formatRateBp, type MoneySettings } from '../../domain/shared/money.ts';
import type { AcceptanceCertificate } from '../../domain/proposals/acceptance-certificate.ts';
import { scaleImage } from '../images/sharp-image-scaler.ts';
import { BRAND, ensureSpace, formatDay, formatQuantity, joinPresent, letterhead, renderPdf, tidyText, type Doc, type Letterhead, type PdfOptions } from './pdf-layout.ts';

const MUTED = '#475569';
const LEFT = 50;
/** The signature is printed at most 220 pt wide: 1200 px keeps it sharp at any zoom a reader uses. */
const SIGNATURE_LONG_SIDE_PX = 1200;

/**
 * The proposal as a branded PDF on the locale's paper (pdfkit, standard Helvetica: nothing to
 * load, ≈ms a page). It renders the same PresentedProposal the public page shows, so every
 * figure matches; the letterhead adds the company's address (config), which the page shows in
 * its footer.
 */
export class PdfkitProposalPdf implements ProposalPdfRenderer {
  /** `money`: the configured currency and locale (CURRENCY, LOCALE). */
  private readonly money: MoneySettings;
  private readonly address: string;

  constructor(money: MoneySettings = DEFAULT_MONEY, company: Pick<Letterhead, 'address'> = { address: '' }) {
    this.money = money;
    this.address = company.address;
  }

  render(p: PresentedProposal, link: string | null = null, createdAt?: string): Promise<Uint8Array> {
    return renderPdf(this.options(p, createdAt), (doc) => this.draw(doc, p, link));
  }

  async renderCertified(p: PresentedProposal, link: string | null, createdAt: string, certificate: AcceptanceCertificate): Promise<Uint8Array> {
    // The image-intake rule: what is printed is a bounded copy, never the upload decoded whole.
    const signature = await scaleImage(certificate.signaturePng, SIGNATURE_LONG_SIDE_PX);
    return renderPdf(this.options(p, createdAt), (doc) => {
      let pages = 1;
      doc.on('pageAdded', () => (pages += 1));
      this.draw(doc, p, link);
      const proposalPages = pages;
      doc.addPage();
      drawCertificate(doc, { ...p.company, address: this.address }, certificate, signature.bytes, proposalPages);
    });
  }

  private options(p: PresentedProposal, createdAt: string | undefined): PdfOptions {
    const footer: Letterhead = { ...p.company, address: this.address };
    return { locale: this.money.locale, margin: LEFT, title: `Proposal ${p.number}`, author: p.company.name, footer, ...(createdAt ? { createdAt: new Date(createdAt) } : {}) };
  }

  private draw(doc: Doc, p: PresentedProposal, link: string | null): void {
    const company: Letterhead = { ...p.company, address: this.address };
    const locale = this.money.locale;
    const money = (c: number) => formatMoney(c, this.money);
    const width = doc.page.width - 2 * LEFT;
    letterhead(doc, company, 'PROPOSAL', [p.number]);
    const title = tidyText(p.title);
    if (title) doc.font('Helvetica-Bold').fontSize(13).text(title, LEFT, doc.y, { width }).moveDown(0.4);
    doc.font('Helvetica').fontSize(10);
    const fact = (label: string, value: string) => {
      if (!value.trim()) return;
      doc.font('Helvetica-Bold').text(`${label}: `, LEFT, doc.y, { continued: true, width }).font('Helvetica').text(value, { width });
    };
    fact('Prepared for', p.clientName);
    fact('Site', p.siteAddress);
    fact('Valid until', formatDay(p.validUntil, locale));
    fact('Deposit on acceptance', p.depositPercent > 0 ? `${formatQuantity(p.depositPercent, locale)} %` : '');
    if (p.acceptedName && p.acceptedAt) {
      const chosen = p.options.find((o) => o.id === p.acceptedOptionId);
      doc.fillColor('#15803d');
      fact('Accepted', `${chosen ? `${chosen.name} by ` : 'by '}${p.acceptedName} on ${formatDay(p.acceptedAt, locale)}`);
      doc.fillColor('black');
    }
    for (const o of p.options) this.option(doc, p, o, money, width);
    // Terms only when the proposal has some: the PDF never claims terms that do not exist.
    section(doc, 'Terms', [tidyText(p.terms)], width);
    section(doc, 'Deposit', depositGuide(p, this.money) ?? [], width);
    section(doc, 'How to accept', acceptanceGuide(p, link, locale) ?? [], width);
  }

  private option(doc: Doc, p: PresentedProposal, o: PresentedProposal['options'][number], money: (c: number) => string, width: number): void {
    const locale = this.money.locale;
    const right = LEFT + width;
    // Description, qty, unit price, tax, amount: measured from the right edge (Letter and A4).
    const cols = [
      { x: LEFT, w: right - 290 - LEFT },
      { x: right - 280, w: 45 },
      { x: right - 230, w: 75 },
      { x: right - 150, w: 55 },
      { x: right - 90, w: 90 },
    ];
    doc.moveDown(1.2);
    ensureSpace(doc, 120);
    doc.font('Helvetica-Bold').fontSize(13).fillColor(BRAND).text(joinTier(o.tier, o.name), LEFT, doc.y, { width });
    doc.fillColor('black').font('Helvetica').fontSize(9);
    const description = tidyText(o.description);
    if (description) doc.fillColor(MUTED).text(description, LEFT, doc.y, { width }).fillColor('black');
    doc.moveDown(0.4);
    const cell = (text: string, i: number, y: number) => doc.text(text, cols[i]!.x, y, { width: cols[i]!.w, align: i === 0 ? 'left' : 'right' });
    let y = doc.y;
    doc.font('Helvetica-Bold');
    ['Description', 'Qty', 'Unit price', 'Tax', 'Amount'].forEach((h, i) => cell(h, i, y));
    y += 14;
    doc.font('Helvetica');
    for (const l of o.lines) {
      const text = tidyText(l.description);
      const h = Math.max(12, doc.heightOfString(text, { width: cols[0]!.w }) + 2);
      if (y + h > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      [text, formatQuantity(l.quantity, locale), money(l.unitPriceCents), formatRateBp(l.taxRateBp, locale), money(l.netCents)].forEach((c, i) => cell(c, i, y));
      y += h;
    }
    const sums: [string, number][] = [['Subtotal', o.subtotalCents]];
    if (o.discountCents > 0) sums.push(['Discount', -o.discountCents]);
    sums.push(['Tax', o.taxCents], ['Total', o.totalCents]);
    if (p.depositPercent > 0) sums.push([`Deposit (${formatQuantity(p.depositPercent, locale)} %)`, o.depositCents]);
    y += 4;
    if (y + sums.length * 13 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    for (const [label, cents] of sums) {
      doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').text(label, right - 230, y, { width: 130, align: 'right', lineBreak: false });
      doc.text(money(cents), right - 100, y, { width: 100, align: 'right', lineBreak: false });
      y += 13;
    }
    doc.x = LEFT;
    doc.y = y;
  }
}

/** A titled block of paragraphs, kept together on a page; nothing at all when every paragraph is empty. */
function section(doc: Doc, title: string, paragraphs: readonly string[], width: number): void {
  const body = paragraphs.map((t) => t.trim()).filter(Boolean);
  if (body.length === 0) return;
  doc.font('Helvetica').fontSize(9);
  const height = 20 + body.reduce((h, t) => h + doc.heightOfString(t, { width }) + 3, 0);
  doc.moveDown(1.2);
  ensureSpace(doc, Math.min(height, 200));
  doc.font('Helvetica-Bold').fontSize(11).fillColor(BRAND).text(title, LEFT, doc.y, { width });
  doc.font('Helvetica').fontSize(9).fillColor('black');
  for (const t of body) doc.text(t, LEFT, doc.y + 3, { width });
}

/** "GOOD: Basic coverage", without a doubled tier when the name already starts with it. */
function joinTier(tier: string, name: string): string {
  const n = tidyText(name);
  if (!n) return tier.toUpperCase();
  return n.toLowerCase().startsWith(tier.toLowerCase()) ? n : `${tier.toUpperCase()}: ${n}`;
}

/**
 * The acceptance certificate page: what was accepted, who signed, when, from where, the hash of
 * the accepted PDF and the signature, each as a labelled row a reader can quote.
 */
function drawCertificate(doc: Doc, company: Letterhead, c: AcceptanceCertificate, signature: Uint8Array, proposalPages: number): void {
  const width = doc.page.width - 2 * LEFT;
  const labelWidth = 150;
  const valueX = LEFT + labelWidth + 10;
  const valueWidth = width - labelWidth - 10;
  letterhead(doc, company, 'PROPOSAL', [c.number]);
  doc.font('Helvetica-Bold').fontSize(15).fillColor(BRAND).text('Acceptance certificate', LEFT, doc.y, { width }).moveDown(0.4);
  doc.font('Helvetica').fontSize(10).fillColor('black');
  const pages = proposalPages === 1 ? 'page 1' : `pages 1–${proposalPages}`;
  doc.text(`${c.signer} accepted proposal ${c.number} (${pages} of this document) electronically through its private link, by signing below and ticking “${c.agreed}”.`, LEFT, doc.y, { width });
  doc.moveDown(1);
  const row = (label: string, value: string, font = 'Helvetica', size = 10) => {
    if (!value.trim()) return;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(label, LEFT, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc.font(font).fontSize(size).fillColor('black').text(value, valueX, y, { width: valueWidth });
    doc.y = Math.max(doc.y, labelBottom) + 6;
  };
  row('Proposal', joinPresent([c.number, tidyText(c.title)], ' — '));
  row('Client', c.clientName);
  row('Option accepted', c.option);
  row('Signed by', c.signer);
  row('E-mail', c.email);
  row('Agreed to', `“${c.agreed}” (ticked by the signer)`);
  row('Time (UTC)', c.atUtc);
  row('Time (business)', c.atLocal);
  row('IP address', c.ip);
  row('Browser (User-Agent)', c.userAgent);
  // 64 hex digits on one line (Courier 8.5 pt: 327 pt), so the hash is read and copied whole.
  row('Document SHA-256', c.documentSha256, 'Courier', 8.5);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('Signature', LEFT, doc.y, { width });
  const boxY = doc.y + 4;
  const boxW = 330;
  const boxH = 100;
  doc.save().lineWidth(0.5).strokeColor('#94a3b8').rect(LEFT, boxY, boxW, boxH).stroke().restore();
  doc.image(Buffer.from(signature), LEFT + 8, boxY + 6, { fit: [boxW - 16, boxH - 12], align: 'center', valign: 'center' });
  doc.font('Helvetica').fontSize(9).fillColor('black').text(c.signer, LEFT, boxY + boxH + 4, { width: boxW });
  doc.moveDown(1.4);
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  doc.text(
    `The SHA-256 above is the fingerprint of the proposal PDF exactly as it stood when it was accepted, the file anyone could download from the link at that moment. To check a copy, compute its SHA-256 (for example "shasum -a 256 ${c.number}.pdf"): an unchanged copy gives the same 64 characters; a copy changed in any way gives different ones. The time is the server's clock when the acceptance was recorded; the IP address and browser are as the server received them.`,
    LEFT,
    doc.y,
    { width },
  );
  doc.fillColor('black');
}
