/**
 * Renders every document a customer receives — invoice, part-paid invoice, credit note, proposal,
 * camera plan — with long names, e-mails and addresses, through the real use cases on a
 * throw-away data folder, and writes the PDFs (and PNG pages, via poppler's pdftoppm) to look at.
 *
 *   node scripts/render-documents.ts <out-dir> [locale] [currency]
 *   e.g. node scripts/render-documents.ts /tmp/docs de-DE EUR
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { buildContainer, TOKENS } from '../src/container.ts';
import type { AuthState } from '../src/domain/auth/permissions.ts';
import { createClient } from '../src/application/clients/create-client.ts';
import { clientInputSchema } from '../src/contracts/clients.ts';
import { createInvoiceFromRequest } from '../src/application/invoices/create-invoice.ts';
import { sendInvoice } from '../src/application/invoices/send-invoice.ts';
import { addPayment } from '../src/application/invoices/change-invoice.ts';
import { createCreditNote } from '../src/application/invoices/issue-credit-note.ts';
import { invoicePdf } from '../src/application/invoices/read-invoices.ts';
import { createProposal } from '../src/application/proposals/save-proposal.ts';
import { proposalPdf } from '../src/application/proposals/send-proposal.ts';
import { createCameraPlan } from '../src/application/camera-plans/create-camera-plan.ts';
import { saveCameraPlan } from '../src/application/camera-plans/save-camera-plan.ts';
import { exportCameraPlanPdf } from '../src/application/camera-plans/export-camera-plan-pdf.ts';

const [outDir = '/tmp/documents', locale = 'en-US', currency = 'USD'] = process.argv.slice(2);
const ADMIN: AuthState = { kind: 'admin', user: { id: 'demo-admin-frank', email: 'frank@example.com', emailVerified: true, displayName: 'Frank Miller', photoUrl: null } };
const LONG_NAME = 'Bartholomew Alexander Montgomery-Fitzgerald III';
const LONG_COMPANY = 'Northern Lakeshore Security Holdings LLC';
const LONG_EMAIL = 'bartholomew.montgomery-fitzgerald.accounts-payable@northern-lakeshore-security-holdings.example';

mkdirSync(outDir, { recursive: true });
const data = mkdtempSync(join(tmpdir(), 'render-docs-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: data, DEMO_DATA: 'false', LOCALE: locale, CURRENCY: currency });
const container = await buildContainer(config);
try {
  const client = await createClient(
    container.resolve(TOKENS.ClientDeps),
    ADMIN,
    clientInputSchema.parse({
      kind: 'commercial',
      name: LONG_NAME,
      company: LONG_COMPANY,
      contacts: [{ name: LONG_NAME, emails: [LONG_EMAIL], phones: ['+1 (555) 010-9999'] }],
      billingAddress: { line1: '12345 North Lakeshore Boulevard West, Building C, Suite 1400', line2: '', city: 'Springfield', region: 'IL', postcode: '62704', country: 'US' },
      sites: [{ label: 'Headquarters and Distribution Warehouse (North Campus)', address: { line1: '98765 Industrial Parkway Extension, Loading Dock 7', city: 'Springfield', region: 'IL', postcode: '62711' } }],
    }),
  );
  const site = client.sites[0]!;
  const inv = container.resolve(TOKENS.InvoiceDeps);
  const lines = [
    { description: 'Installation labour, two technicians — mounting, cabling through the suspended ceiling, configuration and walk-through with the client', quantity: 2.5, unitPriceCents: 9500, taxRateBp: 0, itemId: null },
    { description: '4K turret camera', quantity: 6, unitPriceCents: 24900, taxRateBp: 825, itemId: null },
    { description: 'Premium monitoring monitoring, : November 2026', quantity: 1, unitPriceCents: 4500, taxRateBp: 825, itemId: null },
  ];
  const invoice = await createInvoiceFromRequest(inv, ADMIN, {
    clientId: client.id,
    siteId: site.id,
    terms: 'net30',
    title: 'Camera system upgrade — North Campus warehouse and loading docks',
    notes: 'Central station , account .',
    lines,
  });
  await sendInvoice(inv, ADMIN, invoice.id, {});
  const write = (name: string, pdf: Uint8Array) => {
    const file = join(outDir, `${name}.pdf`);
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', file, join(outDir, name)]);
    console.log(file);
  };
  write('invoice', (await invoicePdf(inv, ADMIN, invoice.id)).pdf);
  await addPayment(inv, ADMIN, invoice.id, { date: invoice.issueDate, amountCents: 50_000, method: 'bank-transfer', reference: 'WIRE 2026-11-20 NLSH' });
  const credit = await createCreditNote(inv, ADMIN, invoice.id, { lines: [{ description: 'Goodwill credit for the delayed start', quantity: 1, unitPriceCents: 10_000, taxRateBp: 0, itemId: null }], reason: 'Start delayed by a week.' });
  write('invoice-part-paid', (await invoicePdf(inv, ADMIN, invoice.id)).pdf);
  write('credit-note', (await invoicePdf(inv, ADMIN, credit.id)).pdf);

  const proposals = container.resolve(TOKENS.ProposalDeps);
  const proposal = await createProposal(proposals, ADMIN, {
    clientId: client.id,
    siteId: site.id,
    title: 'Video surveillance for the North Campus',
    depositPercent: 30,
    validUntil: '2026-12-31',
    terms: 'Prices include installation. Equipment remains our property until paid in full.',
    cameraPlanId: null,
    options: [
      { id: 'good', tier: 'good', name: 'Good coverage', description: 'Entrances and loading docks.', discountCents: 0, lines: [{ kind: 'labour', description: '4K turret camera with 2.8 mm lens and integrated IR illumination', quantity: 4, unitPriceCents: 24900, taxRateBp: 825, itemId: null }, { kind: 'labour', description: 'Installation', quantity: 6.5, unitPriceCents: 9500, taxRateBp: 0, itemId: null }] },
      { id: 'best', tier: 'best', name: 'Best coverage', description: '', discountCents: 20000, lines: [{ kind: 'labour', description: '4K turret camera', quantity: 10, unitPriceCents: 24900, taxRateBp: 825, itemId: null }] },
    ],
  } as never);
  write('proposal', (await proposalPdf(proposals, ADMIN, proposal.id)).pdf);

  const planDeps = container.resolve(TOKENS.CameraPlanDeps);
  const plan = await createCameraPlan(planDeps, ADMIN, { clientId: client.id, siteId: site.id, name: 'North Campus warehouse — ground floor, loading docks and yard', gridWidthM: 30, gridHeightM: 20 });
  const camera = (id: string, label: string, x: number, y: number, headingDeg: number, model: string) => ({ id, label, position: { x, y }, headingDeg, hfovDeg: 90, mountHeightM: 3, tiltDeg: 15, hres: 2560, itemId: null, model });
  const saved = await saveCameraPlan(planDeps, ADMIN, plan.id, plan.version, {
    ...plan,
    walls: [
      { id: 'w1', a: { x: 2, y: 2 }, b: { x: 28, y: 2 }, kind: 'wall' },
      { id: 'w2', a: { x: 2, y: 2 }, b: { x: 2, y: 18 }, kind: 'wall' },
      { id: 'w3', a: { x: 10, y: 10 }, b: { x: 18, y: 10 }, kind: 'glass' },
      { id: 'w4', a: { x: 20, y: 2 }, b: { x: 20, y: 8 }, kind: 'door', open: false },
    ],
    cameras: [
      camera('c1', 'Loading dock 7 — north-east corner, looking at the gate', 1, 1, 270, 'Hikvision DS-2CD2387G2-LU 4 mm ColorVu turret'),
      camera('c2', 'Yard', 15, 19, 180, ''),
      camera('c3', 'Office', 25, 12, 45, 'Custom 2.8 mm'),
    ],
  } as never);
  write('camera-plan', (await exportCameraPlanPdf(planDeps, ADMIN, saved.id)).bytes);
} finally {
  await container.close();
  rmSync(data, { recursive: true, force: true });
}
