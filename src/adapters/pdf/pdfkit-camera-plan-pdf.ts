/**
 * The camera plan as a PDF (pdfkit): page 1 is the floor plan with walls, each camera's visible
 * area and its DORI bands; then the camera schedule, the coverage figures and the bill of
 * materials. Drawn in vector over the embedded image, so it prints sharp at any size. The image
 * is embedded scaled down (adapters/images, the image-intake rule), never decoded at full size.
 */
import type { BomLine } from '../../domain/planner/bill-of-materials.ts';
import { bomTotalCents } from '../../domain/planner/bill-of-materials.ts';
import type { CameraGeometry } from '../../domain/planner/camera-view.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanPdfRenderer, CameraPlanReport } from '../../domain/planner/camera-plan-report.ts';
import type { Ring } from '../../domain/planner/polygon.ts';
import { DEFAULT_MONEY, formatMoney, type MoneySettings } from '../../domain/shared/money.ts';
import { BAND_COLOURS } from '../../domain/planner/dori.ts';
import { imageSize } from '../../domain/storage/image-intake.ts';
import { scaleImage } from '../images/sharp-image-scaler.ts';
import { formatNumber, formatQuantity, joinPresent, renderPdf, type Doc, type Letterhead } from './pdf-layout.ts';

const MARGIN = 36;
/** Weakest first, as the engine's layers after plain coverage. */
const LAYER_NAMES = ['Coverage', 'Detect', 'Observe', 'Recognise', 'Identify'];
const LEGEND_HEIGHT = 22;
const BLIND = '#6b7280';
const CAMERA = '#1d4ed8';
const AREA = '#7c3aed';
const WALL = { wall: '#111827', glass: '#0ea5e9', door: '#92400e' } as const;

export class PdfkitCameraPlanPdf implements CameraPlanPdfRenderer {
  /** `money`: the configured currency and locale (CURRENCY, LOCALE). */
  private readonly money: MoneySettings;
  private readonly company: Letterhead;

  constructor(money: MoneySettings = DEFAULT_MONEY, company: Letterhead = { name: '', address: '', phone: '', email: '' }) {
    this.money = money;
    this.company = company;
  }

  async render(input: CameraPlanReport): Promise<Uint8Array> {
    const footer = this.company;
    const { image, note } = await printable(input.image);
    const report = { ...input, image };
    return renderPdf(
      { locale: this.money.locale, layout: 'landscape', margin: MARGIN, title: `Camera plan: ${report.plan.name}`, author: this.company.name, footer },
      (doc) => {
        this.header(doc, report);
        drawPlan(doc, report, this.money.locale, note);
        doc.addPage();
        this.schedule(doc, report.plan, report.geometries);
        this.coverage(doc, report);
        this.bom(doc, report.bom);
      },
    );
  }

  private fmt(n: number, digits: number): string {
    return formatNumber(n, digits, this.money.locale);
  }

  private pct(n: number): string {
    return `${this.fmt(n, 1)} %`;
  }

  private header(doc: Doc, r: CameraPlanReport): void {
    const width = doc.page.width - 2 * MARGIN;
    const companyWidth = 230;
    const top = MARGIN;
    const companyLines = [this.company.name, this.company.address, joinPresent([this.company.phone, this.company.email], '  ·  ')].filter((l) => l.trim());
    doc.font('Helvetica').fontSize(8).fillColor('#374151');
    companyLines.forEach((line, i) => doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').text(line, MARGIN + width - companyWidth, i === 0 ? top : doc.y, { width: companyWidth, align: 'right' }));
    const companyBottom = doc.y;
    const left = width - companyWidth - 16;
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#111827').text(`Camera plan: ${r.plan.name}`, MARGIN, top, { width: left });
    const where = joinPresent([r.clientName, r.siteLabel], ' · ');
    const scale = r.plan.floorPlan && !r.plan.scale ? 'scale not set' : `1 unit = ${this.fmt(r.plan.metresPerUnit, 4)} m`;
    doc.font('Helvetica').fontSize(9).fillColor('#374151').text(joinPresent([where || 'Site', `version ${r.plan.version}`, scale, `generated ${r.generatedAt}`], ' · '), { width: left });
    const p = r.coverage.plan;
    doc.text(
      `Plan coverage: ${this.pct(p.coverage)} covered · detect ${this.pct(p.detect)} · observe ${this.pct(p.observe)} · recognise ${this.pct(p.recognise)} · identify ${this.pct(p.identify)} · floor ${this.fmt(r.coverage.planAreaM2, 1)} m²`,
      { width: left },
    );
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, companyBottom) + 8;
  }

  private schedule(doc: Doc, plan: CameraPlan, geometries: readonly CameraGeometry[]): void {
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#111827').text('Camera schedule', MARGIN);
    doc.moveDown(0.3);
    const byId = new Map(geometries.map((g) => [g.id, g]));
    const cols = [
      { title: '#', w: 22 },
      { title: 'Camera', w: 110 },
      { title: 'Model / lens', w: 140 },
      { title: 'Mount height m', w: 50 },
      { title: 'Heading °', w: 46 },
      { title: 'Tilt °', w: 36 },
      { title: 'Field of view °', w: 48 },
      { title: 'Resolution px', w: 52 },
      { title: 'Range m', w: 44 },
      { title: 'Blind m', w: 40 },
      { title: 'DORI m (detect / observe / recognise / identify)', w: 132 },
    ];
    table(
      doc,
      cols,
      plan.cameras.map((c, i) => {
        const g = byId.get(c.id);
        return [
          String(i + 1),
          c.label?.trim() || `Camera ${i + 1}`,
          c.model.trim() || 'Custom lens',
          this.fmt(c.mountHeightM, 1),
          this.fmt(norm(c.headingDeg), 0),
          this.fmt(c.tiltDeg, 0),
          this.fmt(c.hfovDeg, 0),
          String(c.hres),
          g ? this.fmt(g.rangeM, 1) : '',
          g ? this.fmt(g.blindDistanceM, 1) : '',
          g ? `${this.fmt(g.doriM.detect, 1)} / ${this.fmt(g.doriM.observe, 1)} / ${this.fmt(g.doriM.recognise, 1)} / ${this.fmt(g.doriM.identify, 1)}` : '',
        ];
      }),
      'No cameras placed yet.',
    );
  }

  private coverage(doc: Doc, r: CameraPlanReport): void {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#111827').text('Coverage', MARGIN);
    doc.moveDown(0.3);
    const layerValues = (f: Record<string, number>): string[] => ['coverage', 'detect', 'observe', 'recognise', 'identify'].map((l) => this.pct(f[l] ?? 0));
    const cols = [{ title: 'Area', w: 160 }, { title: 'Needs', w: 70 }, ...LAYER_NAMES.map((t) => ({ title: t, w: 64 })), { title: 'Met', w: 70 }];
    const rows = [
      ['Whole plan', '—', ...layerValues(r.coverage.plan), '—'],
      ...r.coverage.areas.map((a, i) => [
        a.name?.trim() || `Area ${i + 1}`,
        a.required,
        ...layerValues(a.percent),
        a.requiredPercent >= 99.95 ? 'yes' : `no (${this.pct(a.requiredPercent)})`,
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
        ...lines.map((l) => [l.description, formatQuantity(l.qty, this.money.locale), money(l.unitPriceCents), money(l.qty * l.unitPriceCents)]),
        ...(lines.length ? [['Total before tax', '', '', money(bomTotalCents(lines))]] : []),
      ],
      'No materials yet.',
    );
  }
}

/**
 * The floor plan as printed: at most EMBED_LONG_SIDE_PX a side. One stored before the intake
 * limit existed and over it (or damaged) is left out with a note, not decoded.
 */
async function printable(image: CameraPlanReport['image']): Promise<{ image: CameraPlanReport['image']; note: string | null }> {
  if (!image) return { image: null, note: null };
  try {
    const scaled = await scaleImage(image.bytes);
    return { image: { bytes: scaled.bytes, contentType: scaled.contentType }, note: null };
  } catch {
    const size = imageSize(image.bytes);
    const pixels = size ? ` (${size.width} × ${size.height} pixels)` : '';
    return { image: null, note: `The floor plan image${pixels} is too large or damaged to print. Upload it again, saved smaller, to see it here.` };
  }
}

/**
 * Page 1: the floor plan fitted into the space left under the header, everything drawn on it
 * clipped to that frame (a wide coverage fan never covers the title), and the legend below.
 */
function drawPlan(doc: Doc, r: CameraPlanReport, locale: string, note: string | null): void {
  const { plan } = r;
  const top = doc.y;
  const boxW = doc.page.width - 2 * MARGIN;
  const boxH = doc.page.height - MARGIN - top - LEGEND_HEIGHT - 6;
  const b = plan.bounds;
  const k = Math.min(boxW / (b.maxX - b.minX), boxH / (b.maxY - b.minY));
  const ox = MARGIN - b.minX * k;
  const oy = top - b.minY * k;
  const X = (x: number) => ox + x * k;
  const Y = (y: number) => oy + y * k;
  const frame = { x: X(b.minX), y: Y(b.minY), w: (b.maxX - b.minX) * k, h: (b.maxY - b.minY) * k };
  doc.save();
  doc.rect(frame.x, frame.y, frame.w, frame.h).clip();
  if (r.image) {
    doc.image(Buffer.from(r.image.bytes), frame.x, frame.y, { width: frame.w, height: frame.h });
  } else {
    doc.save().lineWidth(0.3).strokeColor('#e5e7eb');
    const step = 1 / plan.metresPerUnit;
    for (let x = Math.ceil(b.minX / step) * step; x <= b.maxX; x += step) doc.moveTo(X(x), Y(b.minY)).lineTo(X(x), Y(b.maxY));
    for (let y = Math.ceil(b.minY / step) * step; y <= b.maxY; y += step) doc.moveTo(X(b.minX), Y(y)).lineTo(X(b.maxX), Y(y));
    doc.stroke().restore();
    if (note) doc.font('Helvetica').fontSize(9).fillColor('#b91c1c').text(note, frame.x + 6, frame.y + 6, { width: frame.w - 12 });
  }
  for (const area of plan.areas) {
    if (area.polygon.length < 3) continue;
    doc.save().lineWidth(1).dash(4, { space: 3 }).strokeColor(AREA).fillColor(AREA).fillOpacity(0.08);
    doc.polygon(...area.polygon.map((p) => [X(p.x), Y(p.y)] as [number, number])).fillAndStroke().restore();
  }
  for (const g of r.geometries) {
    g.layers.forEach((ring, i) => fillRing(doc, ring, X, Y, BAND_COLOURS[i]!, 0.28));
    fillRing(doc, g.blindZone, X, Y, BLIND, 0.25);
  }
  for (const w of plan.walls) {
    const style = w.kind === 'glass' ? { c: WALL.glass, wd: 1.5 } : w.kind === 'door' ? { c: w.open ? '#a3a3a3' : WALL.door, wd: 2 } : { c: WALL.wall, wd: 2.5 };
    doc.save().lineWidth(style.wd).strokeColor(style.c).moveTo(X(w.a.x), Y(w.a.y)).lineTo(X(w.b.x), Y(w.b.y)).stroke().restore();
  }
  plan.cameras.forEach((c, i) => {
    const x = X(c.position.x);
    const y = Y(c.position.y);
    doc.save().circle(x, y, 4).fillColor(CAMERA).fill().restore();
    doc.font('Helvetica-Bold').fontSize(7).fillColor('#1e3a8a').text(String(i + 1), x + 5, y - 3, { lineBreak: false });
  });
  doc.restore();
  doc.save().lineWidth(0.8).strokeColor('#9ca3af').rect(frame.x, frame.y, frame.w, frame.h).stroke().restore();
  legend(doc, r, frame.y + frame.h + 8, locale);
  doc.x = MARGIN;
}

/** What the drawing's marks mean; only the kinds the plan shows (walls, glass, doors, areas). */
function legend(doc: Doc, r: CameraPlanReport, y: number, locale: string): void {
  let x = MARGIN;
  const label = (text: string) => {
    doc.font('Helvetica').fontSize(7.5).fillColor('#111827').text(text, x, y, { lineBreak: false });
    x += doc.widthOfString(text) + 12;
  };
  const swatch = (colour: string, opacity: number) => {
    doc.save().rect(x, y - 1, 10, 9).fillColor(colour).fillOpacity(opacity).fill().restore();
    x += 13;
  };
  const line = (colour: string, width: number) => {
    doc.save().lineWidth(width).strokeColor(colour).moveTo(x, y + 3.5).lineTo(x + 14, y + 3.5).stroke().restore();
    x += 17;
  };
  doc.save().circle(x + 4, y + 3.5, 4).fillColor(CAMERA).fill().restore();
  x += 11;
  label('Camera (number as in the schedule)');
  LAYER_NAMES.forEach((name, i) => {
    swatch(BAND_COLOURS[i]!, 0.5);
    label(i === 0 ? 'Coverage fan' : name);
  });
  swatch(BLIND, 0.4);
  label('Blind area under the camera');
  const kinds = new Set(r.plan.walls.map((w) => w.kind));
  const wallKinds = [
    { kind: 'wall', colour: WALL.wall, width: 2.5, text: 'Wall' },
    { kind: 'glass', colour: WALL.glass, width: 1.5, text: 'Glass' },
    { kind: 'door', colour: WALL.door, width: 2, text: 'Door' },
  ] as const;
  for (const w of wallKinds) {
    if (!kinds.has(w.kind)) continue;
    line(w.colour, w.width);
    label(w.text);
  }
  if (r.plan.areas.length > 0) {
    doc.save().lineWidth(1).dash(3, { space: 2 }).strokeColor(AREA).rect(x, y - 1, 12, 9).stroke().restore();
    x += 15;
    label('Area of interest');
  }
  const grid = r.image ? null : `Grid: ${formatQuantity(1, locale)} m`;
  if (grid) label(grid);
}

function fillRing(doc: Doc, ring: Ring, X: (x: number) => number, Y: (y: number) => number, colour: string, opacity: number): void {
  if (ring.length < 6) return;
  const pts: [number, number][] = [];
  for (let i = 0; i < ring.length; i += 2) pts.push([X(ring[i]!), Y(ring[i + 1]!)]);
  doc.save().fillColor(colour).fillOpacity(opacity).polygon(...pts).fill().restore();
}

/** A table whose cells wrap inside their column (long camera names and models stay whole). */
function table(doc: Doc, cols: readonly { title: string; w: number }[], rows: readonly string[][], empty: string): void {
  let y = doc.y;
  const line = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8).fillColor('#111827');
    const rowH = Math.max(14, ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: (cells.length === 1 ? 400 : cols[i]!.w) - 4 }) + 6));
    if (y + rowH > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const w = cells.length === 1 ? 400 : cols[i]!.w;
      doc.text(cell, x + 2, y + 3, { width: w - 4 });
      x += w;
    });
    const end = MARGIN + cols.reduce((s, c) => s + c.w, 0);
    doc.save().lineWidth(0.3).strokeColor('#d1d5db').moveTo(MARGIN, y + rowH).lineTo(end, y + rowH).stroke().restore();
    y += rowH;
  };
  line(cols.map((c) => c.title), true);
  if (rows.length === 0 && empty) line([empty], false);
  for (const r of rows) line(r, false);
  doc.x = MARGIN;
  doc.y = y + 4;
}

const norm = (deg: number): number => ((deg % 360) + 360) % 360;
