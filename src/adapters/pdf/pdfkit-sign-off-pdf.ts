import type { SignOffPdfInput, SignOffPdfRenderer } from '../../domain/portal/portal-directory.ts';
import { letterhead, renderPdf, tidyText, type Letterhead } from './pdf-layout.ts';

const LEFT = 50;

/**
 * A completed job's sign-off as the customer keeps it (client hub, docs/portal.md): the job,
 * where and by whom it was done, who signed and when, and the signature drawn on the pad.
 * Times come formatted by the caller (company time zone and locale).
 */
export class PdfkitSignOffPdf implements SignOffPdfRenderer {
  private readonly locale: string;
  private readonly address: string;

  constructor(locale: string, company: Pick<Letterhead, 'address'>) {
    this.locale = locale;
    this.address = company.address;
  }

  render(s: SignOffPdfInput): Promise<Uint8Array> {
    const company: Letterhead = { ...s.company, address: this.address };
    return renderPdf({ locale: this.locale, margin: LEFT, title: `Sign-off ${s.jobNumber}`, author: s.company.name, footer: company }, (doc) => {
      const width = doc.page.width - 2 * LEFT;
      letterhead(doc, company, 'JOB SIGN-OFF', [s.jobNumber]);
      const title = tidyText(s.title);
      if (title) doc.font('Helvetica-Bold').fontSize(13).text(title, LEFT, doc.y, { width }).moveDown(0.4);
      doc.fontSize(10);
      const fact = (label: string, value: string) => {
        if (!value.trim()) return;
        doc.font('Helvetica-Bold').text(`${label}: `, LEFT, doc.y, { continued: true, width }).font('Helvetica').text(value, { width });
      };
      fact('Client', s.clientName);
      fact('Site', s.siteAddress);
      fact('Technician', s.technicians.join(', '));
      fact('Completed', s.completedAt);
      doc.moveDown(1);
      doc.font('Helvetica-Bold').fontSize(11).text('Accepted by the customer', LEFT, doc.y, { width }).moveDown(0.3);
      doc.fontSize(10);
      fact('Name', s.signedBy);
      fact('Signed', s.signedAt);
      if (s.signature) {
        doc.moveDown(0.5);
        try {
          doc.image(Buffer.from(s.signature.bytes), LEFT, doc.y, { fit: [260, 110] });
          doc.y += 115;
        } catch {
          doc.font('Helvetica-Oblique').text('(The signature image could not be read.)', LEFT, doc.y, { width });
        }
      }
    });
  }
}
