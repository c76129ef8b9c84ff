import type { Job } from '../../domain/jobs/job.ts';
import type { SignOffPdf } from '../../domain/jobs/sign-off-pdf.ts';
import { dateTimeFormat } from '../../domain/shared/intl-format.ts';
import { letterhead, MUTED, renderPdf, type Letterhead } from './pdf-layout.ts';

const MARGIN = 50;

/** The completed job's sign-off sheet: mailed with "job completed", downloaded from the client hub. */
export class PdfkitSignOffPdf implements SignOffPdf {
  render(job: Job, signaturePng: Uint8Array | null, company: Letterhead, f: { locale: string; timeZone: string }, technicians: string[] = []): Promise<Uint8Array> {
    const when = (iso: string) => dateTimeFormat(f.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: f.timeZone }).format(new Date(iso));
    return renderPdf({ locale: f.locale, margin: MARGIN, title: `Sign-off ${job.number}`, author: company.name, footer: company }, (doc) => {
      letterhead(doc, company, 'JOB SIGN-OFF', [job.number]);
      const row = (label: string, value: string) => {
        doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
      };
      row('Customer', job.clientName);
      row('Site', [job.siteLabel, job.siteAddress].filter(Boolean).join(', '));
      row('Work', job.title);
      if (technicians.length) row('Technician', technicians.join(', '));
      if (job.scheduledStart) row('Visit', when(job.scheduledStart));
      doc.moveDown();
      const done = job.checklist.filter((i) => i.done);
      if (done.length > 0) {
        doc.font('Helvetica-Bold').text('Completed');
        doc.font('Helvetica');
        for (const item of done) doc.text(`•  ${item.text}`);
        doc.moveDown();
      }
      // Completed with items left ("Complete anyway"): the customer's copy says what was not done, not only what was.
      const open = job.checklist.filter((i) => !i.done);
      if (open.length > 0) {
        doc.font('Helvetica-Bold').text('Not done on this visit');
        doc.font('Helvetica');
        for (const item of open) doc.text(`•  ${item.text}`);
        doc.moveDown();
      }
      if (job.materials.length > 0) {
        doc.font('Helvetica-Bold').text('Equipment installed');
        doc.font('Helvetica');
        for (const m of job.materials) doc.text(`•  ${m.quantity} × ${m.name}${m.serials.length ? ` (serial ${m.serials.join(', ')})` : ''}`);
        doc.moveDown();
      }
      if (job.signOff) {
        doc.font('Helvetica-Bold').text('Signed off by');
        doc.font('Helvetica').text(`${job.signOff.name}, ${when(job.signOff.at)}`);
        if (signaturePng) doc.image(Buffer.from(signaturePng), { fit: [220, 90] });
        doc.moveDown();
        doc.fillColor(MUTED).fontSize(8).text(`Recorded by ${job.signOff.recordedBy}.`).fillColor('black');
      } else {
        doc.fillColor(MUTED).text('No customer signature was taken for this job.').fillColor('black');
      }
    });
  }
}
