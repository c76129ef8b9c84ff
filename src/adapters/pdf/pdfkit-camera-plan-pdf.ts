/**
 * The camera plan as a PDF (pdfkit): page 1 is the floor plan with walls, each camera's visible
 * area and its DORI bands; then the camera schedule, the coverage figures and the bill of
 * materials. Drawn in vector over the embedded image, so it prints sharp at any size.
 */
import PDFDocument from 'pdfkit';
import type { BomLine } from '../../domain/planner/bill-of-materials.ts';
import { bomTotalCents } from '../../domain/planner/bill-of-materials.ts';
import type { CameraGeometry } from '../../domain/planner/camera-view.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanPdfRenderer, CameraPlanReport } from '../../domain/planner/camera-plan-report.ts';
import type { Ring } from '../../domain/planner/polygon.ts';
import { DEFAULT_MONEY, formatMoney, type MoneySettings } from '../../domain/shared/money.ts';
import { BAND_COLOURS } from '../../domain/planner/dori.ts';

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 36;
/** Weakest first, as the engine's layers after plain coverage. */
const LAYER_NAMES = ['Coverage', 'Detect', 'Observe', 'Recognise', 'Identify'];

export class PdfkitCameraPlanPdf implements CameraPlanPdfRenderer {
  /** `money`: the configured currency and locale (CURRENCY, LOCALE). */
  private readonly money: MoneySettings;

  constructor(money: MoneySettings = DEFAULT_MONEY) {
    this.money = money;
  }

  render(report: CameraPlanReport): Promise<Uint8Array> {
    const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: MARGIN, info: { Title: `Camera plan: ${report.plan.name}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Uint8Array>((resolve, reject) => {
      doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      doc.on('error', reject);
    });
    this.header(doc, report);
    drawPlan(doc, report);
    doc.addPage();
    this.schedule(doc, report.plan, report.geometries);
    this.coverage(doc, report);
    this.bom(doc, report.bom);
    doc.end();
    return done;
  }

  private header(doc: Doc, r: CameraPlanReport): void {
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#111827').text(`Camera plan: ${r.plan.name}`);
    const where = [r.clientName, r.siteLabel].filter(Boolean).join(' · ');
    const scale = r.plan.floorPlan && !r.plan.scale ? 'scale not set' : `1 unit = ${fmt(r.plan.metresPerUnit, 4)} m`;
    doc.font('Helvetica').fontSize(9).fillColor('#374151').text(`${where || 'Site'} · version ${r.plan.version} · ${scale} · generated ${r.generatedAt}`);
    const p = r.coverage.plan;
    doc.text(
      `Plan coverage: ${pct(p.coverage)} covered · detect ${pct(p.detect)} · observe ${pct(p.observe)} · recognise ${pct(p.recognise)} · identify ${pct(p.identify)} · floor ${fmt(r.coverage.planAreaM2, 1)} m²`,
    );
    doc.moveDown(0.5);
  }

  private schedule(doc: Doc, plan: CameraPlan, geometries: readonly CameraGeometry[]): void {
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#111827').text('Camera schedule');
    doc.moveDown(0.3);
    const byId = new Map(geometries.map((g) => [g.id, g]));
    const cols = [
      { title: '#', w: 28 },
      { title: 'Camera', w: 80 },
      { title: 'Model', w: 150 },
      { title: 'Height m', w: 50 },
      { title: 'Heading °', w: 52 },
      { title: 'Tilt °', w: 40 },
      { title: 'HFOV °', w: 46 },
      { title: 'Res. px', w: 48 },
      { title: 'Range m', w: 50 },
      { title: 'Blind m', w: 46 },
      { title: 'DORI m (D / O / R / I)', w: 130 },
    ];
    table(
      doc,
      cols,
      plan.cameras.map((c, i) => {
        const g = byId.get(c.id);
        return [
          String(i + 1),
          c.label ?? `Camera ${i + 1}`,
          c.model || 'Custom lens',
          fmt(c.mountHeightM, 1),
          fmt(norm(c.headingDeg), 0),
          fmt(c.tiltDeg, 0),
          fmt(c.hfovDeg, 0),
          String(c.hres),
          g ? fmt(g.rangeM, 1) : '',
          g ? fmt(g.blindDistanceM, 1) : '',
          g ? `${fmt(g.doriM.detect, 1)} / ${fmt(g.doriM.observe, 1)} / ${fmt(g.doriM.recognise, 1)} / ${fmt(g.doriM.identify, 1)}` : '',
        ];
      }),
      'No cameras placed yet.',
    );
  }

  private coverage(doc: Doc, r: CameraPlanReport): void {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#111827').text('Coverage', MARGIN);
    doc.moveDown(0.3);
    const cols = [{ title: 'Area', w: 160 }, { title: 'Needs', w: 70 }, ...LAYER_NAMES.map((t) => ({ title: t, w: 64 })), { title: 'Met', w: 70 }];
    const rows = [
      ['Whole plan', '—', ...layerValues(r.coverage.plan), '—'],
      ...r.coverage.areas.map((a, i) => [
        a.name ?? `Area ${i + 1}`,
        a.required,
        ...layerValues(a.percent),
        a.requiredPercent >= 99.95 ? 'yes' : `no (${pct(a.requiredPercent)})`,
      ]),
    ];
    table(doc, cols, rows, '');
  }

  private bom(doc: Doc, lines: readonly BomLine[]): void {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#111827').text('Bill of materials', MARGIN);
    doc.moveDown(0.3);
    const money = (cents: number) => formatMoney(cents, this.money);
    table(
      doc,
      [
        { title: 'Description', w: 360 },
        { title: 'Qty', w: 50 },
        { title: 'Unit price', w: 90 },
        { title: 'Amount', w: 90 },
      ],
      [
        ...lines.map((l) => [l.description, String(l.qty), money(l.unitPriceCents), money(l.qty * l.unitPriceCents)]),
        ...(lines.length ? [['Total before tax', '', '', money(bomTotalCents(lines))]] : []),
      ],
      'No materials yet.',
    );
  }
}

function drawPlan(doc: Doc, r: CameraPlanReport): void {
  const { plan } = r;
  const top = doc.y;
  const boxW = doc.page.width - 2 * MARGIN;
  const boxH = doc.page.height - MARGIN - top;
  const b = plan.bounds;
  const k = Math.min(boxW / (b.maxX - b.minX), boxH / (b.maxY - b.minY));
  const ox = MARGIN - b.minX * k;
  const oy = top - b.minY * k;
  const X = (x: number) => ox + x * k;
  const Y = (y: number) => oy + y * k;
  if (r.image) {
    doc.image(Buffer.from(r.image.bytes), X(b.minX), Y(b.minY), { width: (b.maxX - b.minX) * k, height: (b.maxY - b.minY) * k });
  } else {
    doc.save().lineWidth(0.3).strokeColor('#e5e7eb');
    const step = 1 / plan.metresPerUnit;
    for (let x = Math.ceil(b.minX / step) * step; x <= b.maxX; x += step) doc.moveTo(X(x), Y(b.minY)).lineTo(X(x), Y(b.maxY));
    for (let y = Math.ceil(b.minY / step) * step; y <= b.maxY; y += step) doc.moveTo(X(b.minX), Y(y)).lineTo(X(b.maxX), Y(y));
    doc.stroke().restore();
  }
  doc.save().lineWidth(0.8).strokeColor('#9ca3af').rect(X(b.minX), Y(b.minY), (b.maxX - b.minX) * k, (b.maxY - b.minY) * k).stroke().restore();
  for (const area of plan.areas) {
    if (area.polygon.length < 3) continue;
    doc.save().lineWidth(1).dash(4, { space: 3 }).strokeColor('#7c3aed').fillColor('#7c3aed').fillOpacity(0.08);
    doc.polygon(...area.polygon.map((p) => [X(p.x), Y(p.y)] as [number, number])).fillAndStroke().restore();
  }
  for (const g of r.geometries) {
    g.layers.forEach((ring, i) => fillRing(doc, ring, X, Y, BAND_COLOURS[i]!, 0.28));
    fillRing(doc, g.blindZone, X, Y, '#6b7280', 0.25);
  }
  for (const w of plan.walls) {
    const style = w.kind === 'glass' ? { c: '#0ea5e9', wd: 1.5 } : w.kind === 'door' ? { c: w.open ? '#a3a3a3' : '#92400e', wd: 2 } : { c: '#111827', wd: 2.5 };
    doc.save().lineWidth(style.wd).strokeColor(style.c).moveTo(X(w.a.x), Y(w.a.y)).lineTo(X(w.b.x), Y(w.b.y)).stroke().restore();
  }
  plan.cameras.forEach((c, i) => {
    const x = X(c.position.x);
    const y = Y(c.position.y);
    doc.save().circle(x, y, 4).fillColor('#1d4ed8').fill().restore();
    doc.font('Helvetica-Bold').fontSize(7).fillColor('#1e3a8a').text(c.label ?? `C${i + 1}`, x + 5, y - 3, { lineBreak: false });
  });
  doc.x = MARGIN;
}

function fillRing(doc: Doc, ring: Ring, X: (x: number) => number, Y: (y: number) => number, colour: string, opacity: number): void {
  if (ring.length < 6) return;
  const pts: [number, number][] = [];
  for (let i = 0; i < ring.length; i += 2) pts.push([X(ring[i]!), Y(ring[i + 1]!)]);
  doc.save().fillColor(colour).fillOpacity(opacity).polygon(...pts).fill().restore();
}

function table(doc: Doc, cols: readonly { title: string; w: number }[], rows: readonly string[][], empty: string): void {
  const rowH = 14;
  let y = doc.y;
  const line = (cells: readonly string[], bold: boolean) => {
    if (y + rowH > doc.page.height - MARGIN) {
      doc.addPage();
      y = doc.y;
    }
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8).fillColor('#111827');
    cells.forEach((cell, i) => {
      const w = cols[i]!.w;
      doc.text(cell, x + 2, y + 3, { width: w - 4, height: rowH, ellipsis: true, lineBreak: false });
      x += w;
    });
    doc.save().lineWidth(0.3).strokeColor('#d1d5db').moveTo(MARGIN, y + rowH).lineTo(x, y + rowH).stroke().restore();
    y += rowH;
  };
  line(cols.map((c) => c.title), true);
  if (rows.length === 0 && empty) line([empty], false);
  for (const r of rows) line(r, false);
  doc.x = MARGIN;
  doc.y = y + 4;
}

const fmt = (n: number, digits: number): string => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const pct = (n: number): string => `${n.toFixed(1)} %`;
const norm = (deg: number): number => ((deg % 360) + 360) % 360;
const layerValues = (f: Record<string, number>): string[] => ['coverage', 'detect', 'observe', 'recognise', 'identify'].map((l) => pct(f[l] ?? 0));
