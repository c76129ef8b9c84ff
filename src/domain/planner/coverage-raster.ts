/**
 * Live coverage numbers: a raster of square cells over the plan (a cell counts as seen when its
 * centre is inside a camera's polygon). A camera's layers are nested — identify ⊂ recognise ⊂
 * observe ⊂ detect ⊂ coverage — so each cell it sees has one level, the highest layer that
 * holds it, and the raster keeps per cell a count of cameras per level ("bands"): one counter
 * touched per camera and cell, not five. A cell is covered in layer L when some band ≥ L is
 * non-zero. A camera's contribution is kept as row spans of constant level, so moving one camera
 * subtracts its old spans and adds its new ones; counters of covered cells (for the plan and for
 * each combination of areas of interest a cell belongs to) change only when a band count passes
 * 0 ↔ 1 above every other band of the cell, so the percentages cost nothing to read.
 */
import { LAYER_COUNT } from './camera-view.ts';
import type { Bounds } from './plan.ts';
import type { Ring } from './polygon.ts';

/** The per-cell counters are bytes. */
export const MAX_CAMERAS = 255;

/** Row spans: [level, row, firstCol, endCol) quadruples. */
export type Spans = Int32Array;

export class CoverageRaster {
  readonly minX: number;
  readonly minY: number;
  readonly cell: number;
  readonly cols: number;
  readonly rows: number;
  /**
   * Cameras seeing each cell at each level: counts[cell · LAYER_COUNT + level], a cell's bands
   * side by side in one cache line. Bytes: a plan holds at most MAX_CAMERAS cameras.
   */
  private readonly counts: Uint8Array;
  private readonly covered = new Float64Array(LAYER_COUNT);
  /** Per cell: which combination of areas of interest it lies in (0 = none). */
  private readonly combo: Uint16Array;
  /** The buffers, until a newer raster takes them over. */
  private buffers: { counts: Uint8Array; combo: Uint16Array } | null;
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
  private bandBuf = new Int32Array(4096);
  private nBand = 0;
  private events = new Int32Array(256);

  /**
   * `reuse`: a raster this one replaces; its buffers are zeroed and reused when large enough,
   * which spares a worker fresh pages (and their faults) on every plan load.
   */
  constructor(bounds: Bounds, cell: number, areas: readonly Ring[], reuse?: CoverageRaster) {
    this.minX = bounds.minX;
    this.minY = bounds.minY;
    this.cell = cell;
    this.cols = Math.max(1, Math.ceil((bounds.maxX - bounds.minX) / cell));
    this.rows = Math.max(1, Math.ceil((bounds.maxY - bounds.minY) / cell));
    const size = this.cols * this.rows;
    const old = reuse?.buffers;
    this.counts = old && old.counts.length >= size * LAYER_COUNT ? old.counts.subarray(0, size * LAYER_COUNT).fill(0) : new Uint8Array(size * LAYER_COUNT);
    this.combo = old && old.combo.length >= size ? old.combo.subarray(0, size).fill(0) : new Uint16Array(size);
    if (reuse) reuse.buffers = null;
    this.buffers = { counts: this.counts, combo: this.combo };
    // combination ids: a cell's set of areas, as a sorted id list
    const keyOf = new Map<string, number>([['', 0]]);
    const members: number[][] = [[]];
    this.areaSpans = areas.map((ring, a) => {
      const spans = this.ringSpans(ring);
      // combination a cell moves to when area a is added to its current one
      const next: number[] = [];
      if (!overlapsEarlier(areas, a)) {
        // no cell of this area is in another one yet: one new combination, filled span by span
        const to = members.length;
        members.push([a]);
        keyOf.set(String(a), to);
        for (let k = 0; k < spans.length; k += 4) {
          const base = spans[k + 1]! * this.cols;
          this.combo.fill(to, base + spans[k + 2]!, base + spans[k + 3]!);
        }
        return spans;
      }
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

  /** The level spans of a camera whose layer i is ring i (rings nested, coverage first). */
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
    return this.toBands();
  }

  /**
   * Splits each row's layer spans into runs of constant level by a sweep over their ends: the
   * level of a cell is the number of layers holding it, less one.
   */
  private toBands(): Spans {
    this.nBand = 0;
    const spans = this.spanBuf;
    const n = this.nSpan;
    if (n === 0) return new Int32Array(0);
    let r0 = Infinity;
    let r1 = -Infinity;
    for (let k = 1; k < n; k += 4) {
      const r = spans[k]!;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
    }
    const nr = r1 - r0 + 1;
    if (this.rowStart.length < nr + 1) this.rowStart = new Int32Array(Math.max(nr + 1, 2 * this.rowStart.length));
    const start = this.rowStart;
    start.fill(0, 0, nr + 1);
    for (let k = 1; k < n; k += 4) start[spans[k]! - r0 + 1]! += 2;
    for (let r = 1; r <= nr; r++) start[r]! += start[r - 1]!;
    if (this.events.length < start[nr]!) this.events = new Int32Array(Math.max(start[nr]!, 2 * this.events.length));
    if (this.rowFill.length < nr) this.rowFill = new Int32Array(this.rowStart.length);
    const fill = this.rowFill;
    fill.set(start.subarray(0, nr));
    const ev = this.events;
    // an event is col·2 + (1 for an end), so sorting orders by column
    for (let k = 0; k < n; k += 4) {
      const r = spans[k + 1]! - r0;
      ev[fill[r]!++] = spans[k + 2]! * 2;
      ev[fill[r]!++] = spans[k + 3]! * 2 + 1;
    }
    for (let r = 0; r < nr; r++) {
      const s = start[r]!;
      const e = start[r + 1]!;
      sortRun(ev, s, e);
      let active = 0;
      let prev = 0;
      for (let i = s; i < e; i++) {
        const v = ev[i]!;
        const c = v >> 1;
        if (active > 0 && c > prev) this.pushBand(Math.min(active, LAYER_COUNT) - 1, r + r0, prev, c);
        active += v & 1 ? -1 : 1;
        prev = c;
      }
    }
    return this.bandBuf.slice(0, this.nBand);
  }

  private pushBand(level: number, row: number, c0: number, c1: number): void {
    const k = this.nBand;
    // runs of the same level that touch are merged
    if (k > 0 && this.bandBuf[k - 4] === level && this.bandBuf[k - 3] === row && this.bandBuf[k - 1] === c0) {
      this.bandBuf[k - 1] = c1;
      return;
    }
    if (k + 4 > this.bandBuf.length) {
      const b = new Int32Array(this.bandBuf.length * 2);
      b.set(this.bandBuf);
      this.bandBuf = b;
    }
    this.bandBuf[k] = level;
    this.bandBuf[k + 1] = row;
    this.bandBuf[k + 2] = c0;
    this.bandBuf[k + 3] = c1;
    this.nBand = k + 4;
  }

  /** Cell spans of one ring (for areas of interest). */
  private ringSpans(ring: Ring): Spans {
    this.nSpan = 0;
    this.scan(ring, 0);
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
      sortRun(xs, s, e);
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
    this.count(spans, 1);
  }

  remove(spans: Spans): void {
    this.count(spans, -1);
  }

  /**
   * Adds (1) or removes (-1) the spans' bands. A cell's layers change coverage only when its
   * count at the band's level goes 0 → 1 or 1 → 0 and no higher band covers it: then the layers
   * above its highest other band, up to this level, become covered or uncovered.
   */
  private count(spans: Spans, delta: 1 | -1): void {
    const combo = this.combo;
    const comboCovered = this.comboCovered;
    const counts = this.counts;
    const covered = this.covered;
    // The count a change starts from, for it to matter: 0 when adding, 1 when removing.
    const edge = delta === 1 ? 0 : 1;
    for (let k = 0; k < spans.length; k += 4) {
      const level = spans[k]!;
      const base = spans[k + 1]! * this.cols;
      for (let i = base + spans[k + 2]!, end = base + spans[k + 3]!; i < end; i++) {
        const o = i * LAYER_COUNT;
        const before = counts[o + level]!;
        counts[o + level] = before + delta;
        if (before !== edge) continue;
        let top = LAYER_COUNT - 1;
        while (top > level && counts[o + top] === 0) top--;
        if (top > level) continue;
        let from = level - 1;
        while (from >= 0 && counts[o + from] === 0) from--;
        const m = combo[i]!;
        for (let layer = from + 1; layer <= level; layer++) {
          covered[layer]! += delta;
          if (m !== 0) comboCovered[m * LAYER_COUNT + layer]! += delta;
        }
      }
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
        let empty = true;
        for (let level = layer, o = (base + c) * LAYER_COUNT; level < LAYER_COUNT && empty; level++) empty = counts[o + level] === 0;
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

/** Sorts a[s..e) in place: an insertion sort, as a row crosses only a few edges. */
function sortRun(a: Int32Array | Float64Array, s: number, e: number): void {
  for (let i = s + 1; i < e; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= s && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}

function ringBox(ring: Ring): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    x0 = Math.min(x0, ring[i]!);
    x1 = Math.max(x1, ring[i]!);
    y0 = Math.min(y0, ring[i + 1]!);
    y1 = Math.max(y1, ring[i + 1]!);
  }
  return [x0, y0, x1, y1];
}

/** Whether area a's bounding box meets that of an area before it. */
function overlapsEarlier(areas: readonly Ring[], a: number): boolean {
  const [x0, y0, x1, y1] = ringBox(areas[a]!);
  for (let b = 0; b < a; b++) {
    const [u0, v0, u1, v1] = ringBox(areas[b]!);
    if (x0 <= u1 && u0 <= x1 && y0 <= v1 && v0 <= y1) return true;
  }
  return false;
}
