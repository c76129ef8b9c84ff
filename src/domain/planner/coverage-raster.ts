/**
 * Live coverage numbers: a raster of square cells over the plan holding, per coverage layer,
 * how many cameras see each cell (a cell counts when its centre is inside a camera's polygon).
 * A camera's contribution is kept as row spans, so moving one camera subtracts its old spans
 * and adds its new ones; counters of covered cells (for the plan and for each combination of
 * areas of interest a cell belongs to) change only when a cell count passes 0 ↔ 1, so the
 * percentages cost nothing to read.
 */
import { LAYER_COUNT } from './camera-view.ts';
import type { Bounds } from './plan.ts';
import type { Ring } from './polygon.ts';

/** The per-cell counters are bytes. */
export const MAX_CAMERAS = 255;

/** Row spans: [layer, row, firstCol, endCol) quadruples. */
export type Spans = Int32Array;

export class CoverageRaster {
  readonly minX: number;
  readonly minY: number;
  readonly cell: number;
  readonly cols: number;
  readonly rows: number;
  /**
   * Cameras seeing each cell, layer-interleaved (counts[cell · LAYER_COUNT + layer]) so one
   * camera's layers share cache lines. Bytes: a plan holds at most MAX_CAMERAS cameras.
   */
  private readonly counts: Uint8Array;
  private readonly covered = new Float64Array(LAYER_COUNT);
  /** Per cell: which combination of areas of interest it lies in (0 = none). */
  private readonly combo: Uint16Array;
  private readonly comboCovered: Int32Array;
  private readonly areaCombos: number[][];
  private readonly areaCells: number[];
  private readonly areaSpans: Spans[];
  // scratch
  private rowStart = new Int32Array(0);
  private rowFill = new Int32Array(0);
  private xs = new Float64Array(256);
  private spanBuf = new Int32Array(4096);
  private nSpan = 0;

  constructor(bounds: Bounds, cell: number, areas: readonly Ring[]) {
    this.minX = bounds.minX;
    this.minY = bounds.minY;
    this.cell = cell;
    this.cols = Math.max(1, Math.ceil((bounds.maxX - bounds.minX) / cell));
    this.rows = Math.max(1, Math.ceil((bounds.maxY - bounds.minY) / cell));
    const size = this.cols * this.rows;
    this.counts = new Uint8Array(size * LAYER_COUNT);
    this.combo = new Uint16Array(size);
    // combination ids: a cell's set of areas, as a sorted id list
    const keyOf = new Map<string, number>([['', 0]]);
    const members: number[][] = [[]];
    this.areaSpans = areas.map((ring, a) => {
      const spans = this.rasterize([ring]);
      // combination a cell moves to when area a is added to its current one
      const next: number[] = [];
      for (let k = 0; k < spans.length; k += 4) {
        const base = spans[k + 1]! * this.cols;
        let lastFrom = -1;
        let lastTo = 0;
        for (let i = base + spans[k + 2]!; i < base + spans[k + 3]!; i++) {
          const from = this.combo[i]!;
          if (from === lastFrom) {
            this.combo[i] = lastTo;
            continue;
          }
          let to = next[from];
          if (to === undefined) {
            const set = [...members[from]!, a];
            const key = set.join(',');
            to = keyOf.get(key);
            if (to === undefined) {
              to = members.length;
              members.push(set);
              keyOf.set(key, to);
            }
            next[from] = to;
          }
          this.combo[i] = to;
          lastFrom = from;
          lastTo = to;
        }
      }
      return spans;
    });
    if (members.length > 0xffff) throw new RangeError('too many overlapping areas of interest');
    this.comboCovered = new Int32Array(members.length * LAYER_COUNT);
    this.areaCombos = areas.map((_, a) => members.flatMap((set, id) => (set.includes(a) ? [id] : [])));
    this.areaCells = this.areaSpans.map((spans) => {
      let n = 0;
      for (let k = 0; k < spans.length; k += 4) n += spans[k + 3]! - spans[k + 2]!;
      return n;
    });
  }

  get cellCount(): number {
    return this.cols * this.rows;
  }

  /** The spans of cells whose centres lie inside each ring; ring i is layer i. */
  rasterize(layers: readonly Ring[]): Spans {
    this.nSpan = 0;
    let prevStart = 0;
    for (let layer = 0; layer < layers.length; layer++) {
      const start = this.nSpan;
      if (layer > 0 && layers[layer] === layers[layer - 1]) {
        // same ring as the layer before (e.g. range = detect distance): same spans
        for (let k = prevStart; k < start; k += 4) this.pushSpan(layer, this.spanBuf[k + 1]!, this.spanBuf[k + 2]!, this.spanBuf[k + 3]!);
      } else {
        this.scan(layers[layer]!, layer);
      }
      prevStart = start;
    }
    return this.spanBuf.slice(0, this.nSpan);
  }

  /** Forgets every camera's contribution (before adding them all again). */
  clear(): void {
    this.counts.fill(0);
    this.covered.fill(0);
    this.comboCovered.fill(0);
  }

  private scan(ring: Ring, layer: number): void {
    const n = ring.length;
    if (n < 6) return;
    const { minX, minY, cell } = this;
    let ymin = Infinity;
    let ymax = -Infinity;
    for (let i = 1; i < n; i += 2) {
      const y = ring[i]!;
      if (y < ymin) ymin = y;
      if (y > ymax) ymax = y;
    }
    // rows whose centre minY + (r + 0.5)·cell lies in [lo, hi): ceil((lo - minY)/cell - 0.5) …
    const r0 = Math.max(0, Math.ceil((ymin - minY) / cell - 0.5));
    const r1 = Math.min(this.rows, Math.ceil((ymax - minY) / cell - 0.5));
    const nr = r1 - r0;
    if (nr <= 0) return;
    if (this.rowStart.length < nr + 1) this.rowStart = new Int32Array(Math.max(nr + 1, 2 * this.rowStart.length));
    const start = this.rowStart;
    start.fill(0, 0, nr + 1);
    let px = ring[n - 2]!;
    let py = ring[n - 1]!;
    for (let i = 0; i < n; i += 2) {
      const qy = ring[i + 1]!;
      if (qy !== py) {
        const a = Math.max(r0, Math.ceil((Math.min(py, qy) - minY) / cell - 0.5));
        const b = Math.min(r1, Math.ceil((Math.max(py, qy) - minY) / cell - 0.5));
        for (let r = a; r < b; r++) start[r - r0 + 1]!++;
      }
      py = qy;
    }
    for (let r = 1; r <= nr; r++) start[r]! += start[r - 1]!;
    const total = start[nr]!;
    if (this.xs.length < total) this.xs = new Float64Array(Math.max(total, 2 * this.xs.length));
    const xs = this.xs;
    if (this.rowFill.length < nr) this.rowFill = new Int32Array(this.rowStart.length);
    const fill = this.rowFill;
    fill.set(start.subarray(0, nr));
    px = ring[n - 2]!;
    py = ring[n - 1]!;
    for (let i = 0; i < n; i += 2) {
      const qx = ring[i]!;
      const qy = ring[i + 1]!;
      if (qy !== py) {
        const a = Math.max(r0, Math.ceil((Math.min(py, qy) - minY) / cell - 0.5));
        const b = Math.min(r1, Math.ceil((Math.max(py, qy) - minY) / cell - 0.5));
        const slope = (qx - px) / (qy - py);
        for (let r = a; r < b; r++) {
          const yc = minY + (r + 0.5) * cell;
          xs[fill[r - r0]!++] = px + (yc - py) * slope;
        }
      }
      px = qx;
      py = qy;
    }
    for (let r = 0; r < nr; r++) {
      const s = start[r]!;
      const e = start[r + 1]!;
      // insertion sort: a row crosses only a few edges
      for (let i = s + 1; i < e; i++) {
        const v = xs[i]!;
        let j = i - 1;
        while (j >= s && xs[j]! > v) {
          xs[j + 1] = xs[j]!;
          j--;
        }
        xs[j + 1] = v;
      }
      for (let i = s; i + 1 < e; i += 2) {
        const c0 = Math.max(0, Math.ceil((xs[i]! - minX) / cell - 0.5));
        const c1 = Math.min(this.cols, Math.ceil((xs[i + 1]! - minX) / cell - 0.5));
        if (c1 > c0) this.pushSpan(layer, r + r0, c0, c1);
      }
    }
  }

  private pushSpan(layer: number, row: number, c0: number, c1: number): void {
    if (this.nSpan + 4 > this.spanBuf.length) {
      const b = new Int32Array(this.spanBuf.length * 2);
      b.set(this.spanBuf);
      this.spanBuf = b;
    }
    const k = this.nSpan;
    this.spanBuf[k] = layer;
    this.spanBuf[k + 1] = row;
    this.spanBuf[k + 2] = c0;
    this.spanBuf[k + 3] = c1;
    this.nSpan = k + 4;
  }

  add(spans: Spans): void {
    const combo = this.combo;
    const comboCovered = this.comboCovered;
    const counts = this.counts;
    for (let k = 0; k < spans.length; k += 4) {
      const layer = spans[k]!;
      const base = spans[k + 1]! * this.cols;
      let gained = 0;
      for (let i = base + spans[k + 2]!, end = base + spans[k + 3]!; i < end; i++) {
        if (counts[i * LAYER_COUNT + layer]!++ === 0) {
          gained++;
          const m = combo[i]!;
          if (m !== 0) comboCovered[m * LAYER_COUNT + layer]!++;
        }
      }
      this.covered[layer]! += gained;
    }
  }

  remove(spans: Spans): void {
    const combo = this.combo;
    const comboCovered = this.comboCovered;
    const counts = this.counts;
    for (let k = 0; k < spans.length; k += 4) {
      const layer = spans[k]!;
      const base = spans[k + 1]! * this.cols;
      let lost = 0;
      for (let i = base + spans[k + 2]!, end = base + spans[k + 3]!; i < end; i++) {
        if (--counts[i * LAYER_COUNT + layer]! === 0) {
          lost++;
          const m = combo[i]!;
          if (m !== 0) comboCovered[m * LAYER_COUNT + layer]!--;
        }
      }
      this.covered[layer]! -= lost;
    }
  }

  /** Share of the plan's cells seen in a layer, 0…1. */
  planFraction(layer: number): number {
    return this.covered[layer]! / this.cellCount;
  }

  /** Share of an area's cells seen in a layer, 0…1 (0 for an area smaller than a cell). */
  areaFraction(area: number, layer: number): number {
    const cells = this.areaCells[area]!;
    if (cells === 0) return 0;
    let n = 0;
    for (const c of this.areaCombos[area]!) n += this.comboCovered[c * LAYER_COUNT + layer]!;
    return n / cells;
  }

  /** Runs of cells no camera sees in a layer: [row, firstCol, endCol) triples, over an area or the plan. */
  uncoveredRuns(layer: number, area?: number): Int32Array {
    const counts = this.counts;
    const out: number[] = [];
    const scanRow = (row: number, c0: number, c1: number) => {
      const base = row * this.cols;
      let runStart = -1;
      for (let c = c0; c < c1; c++) {
        const empty = counts[(base + c) * LAYER_COUNT + layer] === 0;
        if (empty && runStart < 0) runStart = c;
        else if (!empty && runStart >= 0) {
          out.push(row, runStart, c);
          runStart = -1;
        }
      }
      if (runStart >= 0) out.push(row, runStart, c1);
    };
    if (area === undefined) for (let r = 0; r < this.rows; r++) scanRow(r, 0, this.cols);
    else {
      const spans = this.areaSpans[area]!;
      for (let k = 0; k < spans.length; k += 4) scanRow(spans[k + 1]!, spans[k + 2]!, spans[k + 3]!);
    }
    return Int32Array.from(out);
  }
}
