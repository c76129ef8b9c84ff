/**
 * Proposal PDF generation: a three-option proposal with ten lines per option rendered 200 times
 * with the pdfkit adapter, against an empty one-page pdfkit document (the library's own floor)
 * in the same run. Prints median and p95 ms per PDF and the size. Budget: ≤ 10 ms per PDF
 * (issue 7's PDF target). Run: `node bench/proposal-pdf.bench.ts`.
 */
import PDFDocument from 'pdfkit';
import { loadavg, cpus } from 'node:os';
import { PdfkitProposalPdf } from '../src/adapters/pdf/pdfkit-proposal-pdf.ts';
import { newProposal, OPTION_TIERS } from '../src/domain/proposals/proposal.ts';
import { presentProposal } from '../src/domain/proposals/proposal-presentation.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BUDGET_MS = 10;

const proposal = newProposal(
  {
    clientId: 'c',
    siteId: 's',
    title: 'Whole-home security',
    options: OPTION_TIERS.map((tier, i) => ({
      id: `opt-${tier}`,
      tier,
      name: `${tier} package`,
      description: 'Panel, sensors, cameras and monitoring-ready set-up.',
      discountCents: 500 * i,
      lines: Array.from({ length: 10 }, (_, j) => ({ kind: j % 3 ? 'item' : 'labour', description: `Line ${j + 1}: equipment or labour with a description long enough to wrap`, quantity: 1 + (j % 4), unitPriceCents: 4999 + j * 1000, taxRateBp: 825, itemId: j % 3 ? `item-${j}` : null }) as const),
    })),
    depositPercent: 30,
    validUntil: '2026-12-31',
    terms: 'Balance due on completion. '.repeat(20),
    cameraPlanId: null,
  },
  { id: 'p', number: 'PRO-2026-0001', publicToken: 'x'.repeat(32), clientName: 'Ada Lovelace' },
  new Date('2026-11-22T10:00:00Z'),
);
const view = presentProposal(proposal, { company: { name: 'Shieldline Security', email: 'office@example.com', phone: '(555) 010-4477' }, siteAddress: '1 Main St, Springfield', today: '2026-11-22' });

const emptyPdf = () =>
  new Promise<number>((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    let n = 0;
    doc.on('data', (c: Buffer) => (n += c.length));
    doc.on('end', () => resolve(n));
    doc.text('x');
    doc.end();
  });

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

const renderer = new PdfkitProposalPdf();
const size = (await renderer.render(view)).byteLength;
const base = await time(emptyPdf);
const full = await time(() => renderer.render(view));
console.log(`load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores (figures scale with it; compare the ratio)`);
console.log(`empty one-page pdfkit doc: median ${q(base, 0.5).toFixed(2)} ms, p95 ${q(base, 0.95).toFixed(2)} ms`);
console.log(`proposal PDF (3 options × 10 lines, ${(size / 1024).toFixed(1)} KB): median ${q(full, 0.5).toFixed(2)} ms, p95 ${q(full, 0.95).toFixed(2)} ms — ${(q(full, 0.5) / q(base, 0.5)).toFixed(1)}× the empty doc`);
console.log(`budget ≤ ${BUDGET_MS} ms per PDF: ${q(full, 0.5) <= BUDGET_MS ? 'met' : 'MISSED'}`);
