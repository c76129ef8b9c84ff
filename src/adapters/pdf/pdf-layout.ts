/**
 * What every PDF a customer receives shares: the paper size of the business's locale, the
 * letterhead and the footer with the company's name, address, phone and e-mail on every page,
 * locale-formatted dates and quantities, and text that never shows an empty field
 * ("Phone:" with nothing, "Central station , account .") or a doubled word.
 */
import PDFDocument from 'pdfkit';
import { formatCalendarDay } from '../../domain/shared/calendar-date.ts';
import { numberFormat } from '../../domain/shared/intl-format.ts';

export type Doc = InstanceType<typeof PDFDocument>;

/** Who the documents come from (config: COMPANY_*); any part may be empty and is then left out. */
export interface Letterhead {
  name: string;
  address: string;
  phone: string;
  email: string;
}

export const BRAND = '#1e3a8a';
export const MUTED = '#555555';
const FOOTER_SIZE = 7.5;

/** CLDR's US-Letter regions; everywhere else prints on A4. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'CR', 'GT', 'PA', 'PR', 'SV', 'NI', 'BZ']);

export function pageSizeFor(locale: string): 'LETTER' | 'A4' {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return region !== undefined && LETTER_REGIONS.has(region) ? 'LETTER' : 'A4';
}

/** An ISO day (YYYY-MM-DD) as the locale writes a short date: 11/20/2026, 20.11.2026. */
export const formatDay = (isoDay: string, locale: string): string => formatCalendarDay(isoDay, locale);

/** A quantity as the locale writes it (2.5 / 2,5), up to the three decimals quantities keep. */
export const formatQuantity = (n: number, locale: string): string => numberFormat(locale, { maximumFractionDigits: 3 }).format(n);

/** A number with fixed decimals in the locale (camera heights, ranges). */
export const formatNumber = (n: number, digits: number, locale: string): string =>
  Number.isFinite(n) ? numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n) : '—';

/** The non-empty parts joined: never " ·  · " or a dangling separator. */
export const joinPresent = (parts: readonly (string | null | undefined)[], separator: string): string =>
  parts.map((p) => (p ?? '').trim()).filter(Boolean).join(separator);

/**
 * Text built from templates with missing values, made presentable: a part whose value was empty
 * ("Central station , account .": a label followed by a space and punctuation) is dropped, as is a
 * word written twice in a row ("Premium monitoring monitoring"), and spacing is tidied.
 */
export function tidyText(text: string): string {
  const lines = text.split('\n').map((line) => {
    const parts = line.match(/[^,;:.]*[,;:.]?/g) ?? [];
    const kept = parts.filter((p) => {
      if (p === '') return false;
      const punct = /[,;:.]$/.test(p);
      const body = punct ? p.slice(0, -1) : p;
      return !(punct && (body.trim() === '' || /\s$/.test(body)));
    });
    let out = kept.join('').replace(/\s+/g, ' ').trim();
    if (out !== '' && /[.]\s*$/.test(line) && /[,;:]$/.test(out)) out = `${out.slice(0, -1)}.`;
    out = out.replace(/[,;:]$/, '');
    return out.replace(/\b(\p{L}+)(\s+\1\b)+/giu, '$1');
  });
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

export interface PdfOptions {
  locale: string;
  layout?: 'portrait' | 'landscape';
  margin: number;
  title: string;
  author: string;
  /** Printed small at the bottom of every page. */
  footer: Letterhead;
  /**
   * The document's creation date (pdfkit otherwise stamps the time of rendering, and its file ID
   * with it): given, the same content renders to the same bytes, so a hash of the PDF a client
   * received can be checked later.
   */
  createdAt?: Date;
}

/** Renders a document and collects its bytes; the company footer goes on every page. */
export function renderPdf(options: PdfOptions, draw: (doc: Doc) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // compress: false keeps text extractable by any reader and is faster for one-page documents.
    const doc = new PDFDocument({
      size: pageSizeFor(options.locale),
      layout: options.layout ?? 'portrait',
      margin: options.margin,
      info: { Title: options.title, Author: options.author, ...(options.createdAt ? { CreationDate: options.createdAt } : {}) },
      compress: false,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    const footerText = joinPresent([options.footer.name, options.footer.address, options.footer.phone, options.footer.email], '  ·  ');
    const footer = () => {
      if (footerText === '') return;
      const { x, y } = doc;
      const bottom = doc.page.margins.bottom;
      // Written inside the bottom margin: lift the margin so pdfkit does not start a new page.
      doc.page.margins.bottom = 0;
      const width = doc.page.width - 2 * options.margin;
      doc.save().font('Helvetica').fontSize(FOOTER_SIZE).fillColor(MUTED);
      const h = doc.heightOfString(footerText, { width, align: 'center' });
      doc.text(footerText, options.margin, doc.page.height - bottom / 2 - h / 2, { width, align: 'center' });
      doc.restore();
      doc.page.margins.bottom = bottom;
      doc.x = x;
      doc.y = y;
    };
    doc.on('pageAdded', footer);
    try {
      footer();
      draw(doc);
      doc.end();
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

/**
 * The company block (name, address, phone, e-mail: the empty ones left out) on the left, the
 * document's heading on the right; each wraps inside its own column. Leaves doc.y below both.
 */
export function letterhead(doc: Doc, company: Letterhead, heading: string, subheading: string[] = []): void {
  const margin = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const headingWidth = 200;
  const companyWidth = right - margin - headingWidth - 20;
  doc.rect(0, 0, doc.page.width, 8).fill(BRAND);
  const top = 30;
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(16).text(company.name, margin, top, { width: companyWidth });
  doc.fillColor(MUTED).font('Helvetica').fontSize(9);
  if (company.address.trim()) doc.text(company.address.trim(), { width: companyWidth });
  const contact = joinPresent([company.phone, company.email], '  ·  ');
  if (contact) doc.text(contact, { width: companyWidth });
  const leftBottom = doc.y;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(heading, right - headingWidth, top, { width: headingWidth, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  for (const s of subheading) if (s.trim()) doc.text(s, right - headingWidth, doc.y, { width: headingWidth, align: 'right' });
  doc.x = margin;
  doc.y = Math.max(leftBottom, doc.y) + 24;
  doc.fillColor('#000000');
}

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
export function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
}
