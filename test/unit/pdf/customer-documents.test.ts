import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PdfkitInvoiceDocuments } from '../../../src/adapters/pdf/pdfkit-invoice-documents.ts';
import { PdfkitProposalPdf } from '../../../src/adapters/pdf/pdfkit-proposal-pdf.ts';
import { PdfkitCameraPlanPdf } from '../../../src/adapters/pdf/pdfkit-camera-plan-pdf.ts';
import { PdfkitSignOffPdf } from '../../../src/adapters/pdf/pdfkit-sign-off-pdf.ts';
import { PdfjsPageRasterizer } from '../../../src/adapters/pdf/pdfjs-page-rasterizer.ts';
import { pageSizeFor, tidyText } from '../../../src/adapters/pdf/pdf-layout.ts';
import { draftInvoice, markSent, recordPayment, type Invoice } from '../../../src/domain/invoices/invoice.ts';
import { DEFAULT_MONEY } from '../../../src/domain/shared/money.ts';
import type { PresentedProposal } from '../../../src/domain/proposals/proposal-presentation.ts';
import { blankGridContent, type CameraPlan, type PlanCamera } from '../../../src/domain/planner/camera-plan.ts';
import { planGeometry } from '../../../src/domain/planner/camera-plan-report.ts';
import { allText, pdfPages } from '../../support/pdf-pages.ts';
import { aJob } from '../jobs/job-factories.ts';

const LONG_NAME = 'Bartholomew Alexander Montgomery-Fitzgerald III, Northern Lakeshore Security Holdings LLC';
const LONG_EMAIL = 'bartholomew.montgomery-fitzgerald@northern-lakeshore-security-holdings.example';
const COMPANY = { name: 'Shieldline Security', address: '1450 Commerce Drive, Suite 4, Springfield, IL 62704', phone: '(555) 010-4477', email: 'office@shieldline.example' };
const PAY = 'Bank transfer: First Springfield Bank, IBAN DE89 3704 0044 0532 0130 00. Checks payable to Shieldline Security.';
const PAYING = { ...COMPANY, paymentInstructions: PAY };
const US = { currency: 'USD', locale: 'en-US', timeZone: 'America/Chicago' };
const DE = { currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' };
const LETTER = { width: 612, height: 792 };
const A4 = { width: 595.28, height: 841.89 };

function anInvoice(over: { notes?: string; payment?: boolean } = {}): Invoice {
  const now = new Date('2026-11-20T15:00:00Z');
  let inv = draftInvoice({
    id: 'inv-1',
    sequence: 7,
    publicToken: 'token',
    client: { id: 'c1', name: LONG_NAME, email: LONG_EMAIL },
    siteId: null,
    source: { kind: 'blank', id: null },
    fields: {
      title: 'Camera upgrade',
      notes: over.notes ?? '',
      terms: 'net30',
      issueDate: '2026-11-20',
      lines: [
        { description: 'Installation labour', quantity: 2.5, unitPriceCents: 9500, taxRateBp: 0, itemId: null },
        { description: 'Premium monitoring monitoring, : November 2026', quantity: 1, unitPriceCents: 4500, taxRateBp: 825, itemId: null },
      ],
    },
    now,
    calendar: { today: '2026-11-20', money: DEFAULT_MONEY },
  });
  inv = markSent(inv, now);
  if (over.payment) inv = recordPayment(inv, { date: '2026-11-21', amountCents: 5000, method: 'bank-transfer', reference: '' }, { id: 'p1', now, today: '2026-11-21', money: DEFAULT_MONEY, by: 'Frank' });
  return inv;
}

const size = (p: { width: number; height: number }) => ({ width: Math.round(p.width), height: Math.round(p.height) });

describe('documents a customer receives', () => {
  it('print on the paper of the locale: Letter in the Americas and the Philippines, A4 elsewhere', () => {
    expect(['en-US', 'en-CA', 'fr-CA', 'es-MX', 'en-PH', 'en'].map(pageSizeFor)).toEqual(['LETTER', 'LETTER', 'LETTER', 'LETTER', 'LETTER', 'LETTER']);
    expect(['de-DE', 'en-GB', 'fr-FR', 'en-AU', 'nonsense-x-1'].map(pageSizeFor)).toEqual(['A4', 'A4', 'A4', 'A4', 'A4']);
  });

  it('invoice, credit note, proposal and camera plan all share the page size of the locale', async () => {
    const invoices = new PdfkitInvoiceDocuments();
    for (const [f, paper] of [[US, LETTER], [DE, A4]] as const) {
      const invoice = await pdfPages(await invoices.invoicePdf(anInvoice(), PAYING, f));
      expect(size(invoice[0]!)).toEqual(size(paper));
      const proposal = await pdfPages(await new PdfkitProposalPdf(f, COMPANY).render(aProposal()));
      expect(size(proposal[0]!)).toEqual(size(paper));
      const plan = await pdfPages(await new PdfkitCameraPlanPdf(f, COMPANY).render(aPlanReport([])));
      // Landscape: the same sheet turned.
      expect(size(plan[0]!)).toEqual(size({ width: paper.height, height: paper.width }));
    }
  });

  it('an invoice names the company with address, phone and e-mail on every page, and says how to pay', async () => {
    const pdf = await new PdfkitInvoiceDocuments().invoicePdf(anInvoice(), PAYING, US);
    const pages = await pdfPages(pdf);
    for (const p of pages) for (const part of Object.values(COMPANY)) expect(p.text).toContain(part);
    const text = allText(pages);
    expect(text).toContain('How to pay');
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
    expect(text).toContain('quote INV-2026-0007');
  });

  it('never prints an empty field, a dangling separator or a doubled word', async () => {
    const docs = new PdfkitInvoiceDocuments();
    const noPhone = { ...COMPANY, phone: '', address: '' };
    const text = allText(await pdfPages(await docs.invoicePdf(anInvoice({ notes: 'Central station , account .' }), noPhone, US)));
    expect(text).not.toContain('Central station');
    expect(text).not.toMatch(/\s[,.:;](\s|$)/);
    expect(text).not.toMatch(/·\s*·/);
    expect(text).toContain('Premium monitoring, November 2026');
    expect(text).not.toMatch(/monitoring monitoring/i);
    const half = allText(await pdfPages(await docs.invoicePdf(anInvoice({ notes: 'Central station Acme Alarm, account .' }), COMPANY, US)));
    expect(half).toContain('Central station Acme Alarm.');
    expect(half).not.toContain('account');
  });

  it('tidies template text: empty values dropped, words not doubled, numbers and sentences kept', () => {
    expect(tidyText('Central station , account .')).toBe('');
    expect(tidyText('Central station ACME, account 1234.')).toBe('Central station ACME, account 1234.');
    expect(tidyText('Basic monitoring monitoring, Main site: 2026-11')).toBe('Basic monitoring, Main site: 2026-11');
    expect(tidyText('Pay 2.5 hours. Thank you.')).toBe('Pay 2.5 hours. Thank you.');
  });

  it('a long client name and e-mail wrap inside the "Bill to" column, clear of the dates', async () => {
    for (const f of [US, DE]) {
      const [page] = await pdfPages(await new PdfkitInvoiceDocuments().invoicePdf(anInvoice(), COMPANY, f));
      const label = page!.items.find((i) => i.str === 'Issue date')!;
      const billed = page!.items.filter((i) => /Bartholomew|Holdings|northern-lakeshore|bartholomew/.test(i.str));
      expect(billed.length).toBeGreaterThan(1);
      for (const run of billed) expect(run.x + run.width).toBeLessThan(label.x - 5);
    }
  });

  it('quantities and dates follow the locale (de-DE: 2,5 and 20.11.2026; en-US: 2.5 and 11/20/2026), never ISO', async () => {
    const docs = new PdfkitInvoiceDocuments();
    const de = allText(await pdfPages(await docs.invoicePdf(anInvoice({ payment: true }), COMPANY, DE)));
    expect(de).toContain('2,5');
    expect(de).toContain('20.11.2026');
    expect(de).toContain('20.12.2026');
    expect(de).toContain('Payment 21.11.2026 (Bank transfer)');
    expect(de).not.toMatch(/2026-\d\d-\d\d/);
    const us = allText(await pdfPages(await docs.invoicePdf(anInvoice(), COMPANY, US)));
    expect(us).toContain('2.5');
    expect(us).toContain('11/20/2026');
    expect(us).not.toMatch(/2026-\d\d-\d\d/);
    // The labour line is untaxed: only the rate that charged something has a tax line.
    expect(us).toMatch(/Tax 8\.25\s?% on \$45\.00/);
    expect(us).not.toMatch(/Tax 0\s?%/);
    // A sent invoice says nothing about its state; a part-paid one says so.
    expect(us).not.toMatch(/Status\s*Sent/);
    expect(de).toMatch(/Status\s*Partly paid/);
    const proposal = allText(await pdfPages(await new PdfkitProposalPdf(DE, COMPANY).render(aProposal())));
    expect(proposal).toContain('31.12.2026');
    expect(proposal).toContain('6,5');
    for (const part of Object.values(COMPANY)) expect(proposal).toContain(part);
  });

  it('a proposal says how to accept (its link, until when) and how the deposit is paid; terms only when it has some', async () => {
    const pdf = new PdfkitProposalPdf(US, COMPANY);
    const text = allText(await pdfPages(await pdf.render({ ...aProposal(), company: { ...aProposal().company, paymentInstructions: PAY } }, 'https://shieldline.example/p/tok')));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('How to accept');
    expect(flat).toContain('Open https://shieldline.example/p/tok, choose the option you prefer, type your full name, sign, tick “I agree” and press Accept.');
    expect(flat).toContain('This proposal is valid until Dec 31, 2026.');
    expect(flat).toContain("A deposit of 30 % of the chosen option's total is due on acceptance: Entrances $185.25.");
    expect(flat).toContain('When you accept, the deposit invoice is issued at once, due on receipt');
    expect(flat).toContain(`How to pay: ${PAY}`);
    expect(flat).not.toMatch(/\bTerms\b/);
    const withTerms = allText(await pdfPages(await pdf.render({ ...aProposal(), terms: 'Work starts within 14 days of the deposit.' }))).replace(/\s+/g, ' ');
    expect(withTerms).toContain('Terms Work starts within 14 days of the deposit.');
    // Accepted: no "How to accept" any more; the deposit names the chosen option only.
    const accepted = allText(await pdfPages(await pdf.render({ ...aProposal(), status: 'accepted', canRespond: false, acceptedOptionId: 'good', acceptedName: 'Ada', acceptedAt: '2026-11-21T10:00:00Z' }))).replace(/\s+/g, ' ');
    expect(accepted).not.toContain('How to accept');
    expect(accepted).toContain('Deposit due on acceptance: 30 % of the total, Entrances $185.25.');
    // No deposit: no deposit section and no "Deposit (0 %) $0.00".
    const none = allText(await pdfPages(await pdf.render({ ...aProposal(), depositPercent: 0, options: aProposal().options.map((o) => ({ ...o, depositCents: 0 })) })));
    expect(none).not.toMatch(/Deposit/);
  });

  it('the camera plan keeps coverage fans inside the plan frame, explains its marks and lists every camera in full', async () => {
    // A camera on the top edge looking up, with a long range: unclipped, its fan covers the title.
    const name = 'Loading dock 7 — north-east corner, looking at the gate';
    const model = 'Hikvision DS-2CD2387G2-LU 4 mm ColorVu turret';
    const report = aPlanReport([{ ...aCamera('c1', 15, 0.2, 270), label: name, model }]);
    const pdf = await new PdfkitCameraPlanPdf(US, COMPANY).render(report);
    const pages = await pdfPages(pdf);
    expect(pages[0]!.text).toContain('Coverage fan');
    expect(pages[0]!.text).toContain('Blind area under the camera');
    expect(pages[0]!.text).toContain('Camera');
    for (const part of Object.values(COMPANY)) expect(pages[0]!.text).toContain(part);
    const squash = (s: string) => s.replace(/\s+/g, '');
    const schedule = squash(pages[1]!.text);
    for (const expected of [name, model, 'Mount height m', 'Field of view °', 'Range m', '3.0', '90']) expect(schedule).toContain(squash(expected));

    // Page 1 as pixels: nothing tinted (a fan's colour) above the line under the summary.
    const summary = pages[0]!.items.find((i) => i.str.startsWith('Plan coverage'))!;
    const png = await new PdfjsPageRasterizer().firstPageAsPng(pdf, pages[0]!.width);
    const img = await loadImage(Buffer.from(png));
    const canvas = createCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const scale = img.width / pages[0]!.width;
    const bottom = Math.floor((summary.y + 4) * scale);
    const { data } = ctx.getImageData(0, 10, img.width, bottom - 10);
    let tinted = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.min(r, g, b) > 190 && Math.max(r, g, b) - Math.min(r, g, b) > 10) tinted += 1;
    }
    expect(tinted).toBe(0);
  });
});

function aProposal(): PresentedProposal {
  return {
    number: 'PRO-2026-0001',
    title: 'Video surveillance',
    status: 'sent',
    company: { name: COMPANY.name, email: COMPANY.email, phone: COMPANY.phone },
    clientName: LONG_NAME,
    siteAddress: '98765 Industrial Parkway Extension, Loading Dock 7, Springfield, IL 62711',
    options: [
      {
        id: 'good',
        tier: 'good',
        name: 'Entrances',
        description: '',
        lines: [{ description: 'Installation', quantity: 6.5, unitPriceCents: 9500, taxRateBp: 0, netCents: 61750, taxCents: 0 }],
        subtotalCents: 61750,
        discountCents: 0,
        taxCents: 0,
        totalCents: 61750,
        depositCents: 18525,
      },
    ],
    depositPercent: 30,
    validUntil: '2026-12-31',
    terms: '',
    acceptedOptionId: null,
    acceptedName: null,
    acceptedAt: null,
    declinedAt: null,
    canRespond: true,
    depositInvoice: null,
    onlinePayment: false,
  };
}

function aCamera(id: string, x: number, y: number, headingDeg: number): PlanCamera {
  return { id, position: { x, y }, headingDeg, hfovDeg: 90, mountHeightM: 3, tiltDeg: 15, hres: 2560, itemId: null, model: '' };
}

function aPlanReport(cameras: PlanCamera[]) {
  const plan: CameraPlan = {
    ...blankGridContent('Warehouse', 30, 20),
    cameras,
    id: 'plan-1',
    clientId: 'c1',
    siteId: 's1',
    version: 1,
    createdBy: { id: 'u', name: 'Frank' },
    createdAt: '2026-11-20T15:00:00Z',
    updatedAt: '2026-11-20T15:00:00Z',
  };
  return { plan, clientName: LONG_NAME, siteLabel: 'North Campus', generatedAt: 'Nov 20, 2026', image: null, ...planGeometry(plan), bom: [] };
}

describe('the job sign-off sheet', () => {
  it('lists what was done and, for a job completed with items left, what was not done on this visit', async () => {
    const job = aJob({
      status: 'completed',
      checklist: [
        { id: 'c1', text: 'Mount the keypad by the front door', done: true, doneBy: 'Maria Lopez', doneAt: '2026-11-24T15:00:00.000Z' },
        { id: 'c2', text: 'Test every door contact with the monitoring centre', done: false, doneBy: null, doneAt: null },
        { id: 'c3', text: 'Walk the customer through arming and disarming', done: false, doneBy: null, doneAt: null },
      ],
    });
    const text = allText(await pdfPages(await new PdfkitSignOffPdf().render(job, null, COMPANY, { locale: 'en-US', timeZone: 'America/Chicago' })));
    expect(text).toMatch(/Completed\s+•\s+Mount the keypad by the front door/);
    expect(text).toMatch(/Not done on this visit\s+•\s+Test every door contact with the monitoring centre\s+•\s+Walk the customer through arming and disarming/);
    expect(text).toContain('No customer signature was taken for this job.');
    // All ticked: no "not done" heading at all.
    const allDone = allText(await pdfPages(await new PdfkitSignOffPdf().render({ ...job, checklist: job.checklist.map((i) => ({ ...i, done: true })) }, null, COMPANY, { locale: 'en-US', timeZone: 'America/Chicago' })));
    expect(allDone).not.toContain('Not done on this visit');
  });
});
