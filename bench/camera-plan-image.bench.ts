/**
 * Memory of one camera-plan PDF export with a floor-plan image (issue 15, finding 2: a 12 000 ×
 * 12 000 PNG took the server from 268 MB to 2.5 GB). Peak RSS growth (sampled every 5 ms) and
 * time for: the largest image taken (8 000 × 5 000 with transparency, 40 MP), scaled to 3000 px by
 * the adapter; a 12 000 × 12 000 plan stored before the limit (left out, never decoded); and, as
 * the baseline, the same 40 MP image handed to pdfkit whole as the export did before.
 * Budget: ≤ 300 MB growth per export. Run: `node bench/camera-plan-image.bench.ts`.
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { loadavg } from 'node:os';
import { PdfkitCameraPlanPdf } from '../src/adapters/pdf/pdfkit-camera-plan-pdf.ts';
import { blankGridContent, withFloorPlan, type CameraPlan } from '../src/domain/planner/camera-plan.ts';
import { planGeometry, type CameraPlanReport } from '../src/domain/planner/camera-plan-report.ts';

const BUDGET_MB = 300;
const MB = 1024 * 1024;

const png = (width: number, height: number, channels: 3 | 4) =>
  sharp({ create: { width, height, channels, background: { r: 229, g: 231, b: 235, alpha: 0.9 } } }).png().toBuffer().then((b) => new Uint8Array(b));

function report(image: Uint8Array, width: number, height: number): CameraPlanReport {
  const content = withFloorPlan(blankGridContent('Warehouse', 40, 25), { path: 'x', contentType: 'image/png', fileName: 'x.png', sizeBytes: image.byteLength, widthPx: width, heightPx: height });
  const at = '2026-11-26T02:00:00Z';
  const plan: CameraPlan = { ...content, id: 'p', clientId: 'c', siteId: 's', version: 1, createdBy: { id: 'u', name: 'Frank' }, createdAt: at, updatedAt: at };
  return { plan, clientName: 'Client', siteLabel: 'Site', generatedAt: 'now', image: { bytes: image, contentType: 'image/png' }, ...planGeometry(plan), bom: [] };
}

/** The export before issue 15: the stored bytes straight into pdfkit. */
const wholeIntoPdfkit = (image: Uint8Array) =>
  new Promise<number>((resolve) => {
    const doc = new PDFDocument({ layout: 'landscape' });
    let n = 0;
    doc.on('data', (c: Buffer) => (n += c.length));
    doc.on('end', () => resolve(n));
    doc.image(Buffer.from(image), 36, 36, { width: 700, height: 437 });
    doc.end();
  });

async function measure(name: string, run: () => Promise<number>): Promise<number> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t = performance.now();
  const bytes = await run();
  const ms = performance.now() - t;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growth = (peak - before) / MB;
  console.log(`${name.padEnd(58)} ${String(Math.round(ms)).padStart(6)} ms  RSS ${Math.round(before / MB)} → peak ${Math.round(peak / MB)} MB (+${Math.round(growth)} MB)  PDF ${Math.round(bytes / 1024)} KB`);
  return growth;
}

console.log(`load average ${loadavg()[0]!.toFixed(1)}; making the images…`);
const largest = await png(8000, 5000, 4);
const huge = await png(12000, 12000, 3);
const pdf = new PdfkitCameraPlanPdf();
const taken = await measure('export, 8 000 × 5 000 with alpha (40 MP, the largest taken)', async () => (await pdf.render(report(largest, 8000, 5000))).byteLength);
const stored = await measure('export, 12 000 × 12 000 stored before the limit', async () => (await pdf.render(report(huge, 12000, 12000))).byteLength);
const baseline = await measure('baseline: the same 40 MP image whole into pdfkit (before)', () => wholeIntoPdfkit(largest));
const worst = Math.max(taken, stored);
console.log(`peak growth per export ${Math.round(worst)} MB (budget ≤ ${BUDGET_MB} MB) ${worst <= BUDGET_MB ? 'ok' : 'OVER BUDGET'}; baseline ${Math.round(baseline)} MB, ratio ${(worst / Math.max(1, baseline)).toFixed(2)}`);
