/**
 * Visibility polygon of one camera among opaque segments, by angular-binned ray casting.
 *
 * Between two neighbouring "event" angles — a segment endpoint (cast at ±ε), a segment crossing
 * the range circle, an edge of the field of view — the nearest blocker is one segment or the
 * range circle, so casting only at the events gives the exact polygon: straight edges along
 * segments, the circle as a polyline. Crossing walls are the one exception; when two
 * neighbouring rays hit different segments, the ray at their crossing is added. Candidate
 * segments come from the spatial grid (box around the range circle), then each is entered in
 * the angular bins its span covers, so a ray tests only the few segments in its bin.
 */
import type { SegmentGrid } from './segment-grid.ts';
import type { Ring } from './polygon.ts';

const TWO_PI = 2 * Math.PI;

export interface VisibilityOptions {
  /** Angular offset of the rays cast beside each endpoint (radians). */
  epsilon: number;
  /** A camera closer than this to an opaque segment is taken as mounted on it (plan units). */
  contactDistance: number;
  /** How far a camera mounted on a wall is moved off it along its heading (plan units). */
  nudgeDistance: number;
  /** Largest gap between the range circle and its polyline (plan units). */
  arcTolerance: number;
}

export interface ViewCone {
  x: number;
  y: number;
  /** Radians. */
  heading: number;
  /** Radians, (0, 2π]. */
  hfov: number;
  /** Plan units. */
  range: number;
}

/** Normalises an angle to (-π, π]. */
function wrap(a: number): number {
  while (a > Math.PI) a -= TWO_PI;
  while (a <= -Math.PI) a += TWO_PI;
  return a;
}

export function arcStepFor(range: number, tolerance: number): number {
  if (range <= tolerance) return Math.PI / 8;
  return Math.min(Math.PI / 36, 2 * Math.acos(1 - tolerance / range));
}

export class VisibilityCaster {
  private grid: SegmentGrid;
  private opt: VisibilityOptions;
  // candidate segments relative to the origin: px, py, ex, ey
  private cand = new Float64Array(256);
  /** Nearest distance of each candidate to the origin. */
  private candDist = new Float64Array(64);
  private order: number[] = [];
  private nCand = 0;
  private events = new Float64Array(1024);
  private corners = new Float64Array(1024);
  private nCorners = 0;
  private nEvents = 0;
  private binStart = new Int32Array(514);
  private binItems = new Int32Array(1024);
  private binFill = new Int32Array(513);
  private intervals = new Float64Array(512); // lo, hi, candidate index (as float)
  private nIntervals = 0;
  private nBins = 1;
  private binLo = 0;
  private binScale = 1;
  private out = new Float64Array(2048);
  private nOut = 0;
  // origin of the current cast
  private ox = 0;
  private oy = 0;
  private heading = 0;
  private range = 0;
  private lastHit = -1;
  // direction of the last ray cast, reused when its end point is emitted
  private lastA = Number.NaN;
  private lastDx = 0;
  private lastDy = 0;

  constructor(grid: SegmentGrid, options: VisibilityOptions) {
    this.grid = grid;
    this.opt = options;
  }

  /** Swaps in new segments (a wall edit) or options (a new plan), keeping the scratch buffers. */
  reset(grid: SegmentGrid, options: VisibilityOptions): void {
    this.grid = grid;
    this.opt = options;
  }

  /** The visible region as a ring; for hfov < 360° it starts at the (possibly nudged) apex. */
  cast(cone: ViewCone): Ring {
    const full = cone.hfov >= TWO_PI - 1e-9;
    const half = full ? Math.PI : cone.hfov / 2;
    this.heading = cone.heading;
    this.range = cone.range;
    this.ox = cone.x;
    this.oy = cone.y;
    if (!this.collect(half, full) && !full) {
      this.ox += Math.cos(cone.heading) * this.opt.nudgeDistance;
      this.oy += Math.sin(cone.heading) * this.opt.nudgeDistance;
      this.collect(half, full);
    }
    this.bin(half);
    this.cornerEvents(half, full);
    const ev = this.events.subarray(0, this.nEvents).sort();
    const eps = this.opt.epsilon;
    const arcStep = arcStepFor(cone.range, this.opt.arcTolerance);
    this.nOut = 0;
    if (!full) this.emit(this.ox, this.oy);
    let prevA = Number.NaN;
    let prevT = 0;
    let prevS = -1;
    let firstA = Number.NaN;
    let firstT = 0;
    let firstS = -1;
    for (let i = 0; i < ev.length; i++) {
      const a = ev[i]!;
      if (a - prevA < eps * 0.25) continue;
      const t = this.ray(a);
      const s = this.lastHit;
      if (Number.isNaN(prevA)) {
        firstA = a;
        firstT = t;
        firstS = s;
      } else {
        this.between(prevA, prevT, prevS, a, t, s, arcStep, 0);
      }
      this.emitRay(a, t);
      prevA = a;
      prevT = t;
      prevS = s;
    }
    if (full && !Number.isNaN(firstA)) this.between(prevA, prevT, prevS, firstA + TWO_PI, firstT, firstS, arcStep, 0);
    return this.out.slice(0, this.nOut);
  }

  /**
   * Gathers the segments that can block this cone, their angular intervals and the event
   * angles. Returns false when the camera sits on a segment (the caller nudges it and retries).
   */
  private collect(half: number, full: boolean): boolean {
    const box = sectorBox(this.ox, this.oy, this.heading, half, this.range);
    const { ids, n } = this.grid.query(box[0]!, box[1]!, box[2]!, box[3]!);
    const c = this.grid.coords;
    const r2 = this.range * this.range;
    const eps = this.opt.epsilon;
    const contact2 = this.opt.contactDistance * this.opt.contactDistance;
    this.nCand = 0;
    this.nEvents = 0;
    this.nCorners = 0;
    this.nIntervals = 0;
    if (full) this.pushEvent(-Math.PI + eps);
    else {
      this.pushEvent(-half);
      this.pushEvent(half);
    }
    for (let k = 0; k < n; k++) {
      const s = ids[k]!;
      const px = c[4 * s]! - this.ox;
      const py = c[4 * s + 1]! - this.oy;
      const ex = c[4 * s + 2]! - c[4 * s]!;
      const ey = c[4 * s + 3]! - c[4 * s + 1]!;
      const ee = ex * ex + ey * ey;
      const pe = px * ex + py * ey;
      const u = ee > 0 ? Math.min(1, Math.max(0, -pe / ee)) : 0;
      const cx = px + u * ex;
      const cy = py + u * ey;
      const d2 = cx * cx + cy * cy;
      if (d2 > r2) continue;
      if (d2 < contact2 && !full) return false;
      const qx = px + ex;
      const qy = py + ey;
      const pp = px * px + py * py;
      const qq = qx * qx + qy * qy;
      if (pp === 0 && qq === 0) continue;
      let ap = wrap(Math.atan2(py, px) - this.heading);
      let aq = wrap(Math.atan2(qy, qx) - this.heading);
      if (pp === 0) ap = aq;
      if (qq === 0) aq = ap;
      const lo = Math.min(ap, aq);
      const hi = Math.max(ap, aq);
      const idx = this.nCand;
      let kept = false;
      if (hi - lo > Math.PI) {
        kept = this.pushInterval(hi, Math.PI, half, idx) || kept;
        kept = this.pushInterval(-Math.PI, lo, half, idx) || kept;
      } else {
        kept = this.pushInterval(lo, hi, half, idx);
      }
      if (!kept) continue;
      if (this.cand.length < 4 * (idx + 1)) this.cand = grow(this.cand, 4 * (idx + 1));
      this.cand[4 * idx] = px;
      this.cand[4 * idx + 1] = py;
      this.cand[4 * idx + 2] = ex;
      this.cand[4 * idx + 3] = ey;
      if (this.candDist.length <= idx) this.candDist = grow(this.candDist, idx + 1);
      this.candDist[idx] = Math.sqrt(d2);
      this.nCand++;
      if (pp <= r2) this.corner(ap, Math.sqrt(pp));
      if (qq <= r2) this.corner(aq, Math.sqrt(qq));
      // crossings of the range circle: |p + t e| = R
      const disc = pe * pe - ee * (pp - r2);
      if (disc > 0 && ee > 0) {
        const sq = Math.sqrt(disc);
        const t1 = (-pe - sq) / ee;
        const t2 = (-pe + sq) / ee;
        if (t1 > 0 && t1 < 1) this.corner(wrap(Math.atan2(py + t1 * ey, px + t1 * ex) - this.heading), this.range);
        if (t2 > 0 && t2 < 1) this.corner(wrap(Math.atan2(py + t2 * ey, px + t2 * ex) - this.heading), this.range);
      }
    }
    return true;
  }

  /** A point where the outline may turn (segment end or range crossing), `d` from the origin. */
  private corner(a: number, d: number): void {
    if (this.corners.length < 2 * (this.nCorners + 1)) this.corners = grow(this.corners, 2 * (this.nCorners + 1));
    this.corners[2 * this.nCorners] = a;
    this.corners[2 * this.nCorners + 1] = d;
    this.nCorners++;
  }

  /**
   * Turns the corners into ray angles (±ε around each): only those no nearer segment hides,
   * since a hidden corner changes nothing — one short ray instead of two full ones.
   */
  private cornerEvents(half: number, full: boolean): void {
    const c = this.corners;
    for (let k = 0; k < this.nCorners; k++) {
      const a = c[2 * k]!;
      if (!full && (a < -half || a > half)) continue;
      this.ray(a, c[2 * k + 1]! * (1 - 1e-9));
      if (this.lastHit >= 0) continue;
      this.endpointEvents(a, half, full);
    }
  }

  private endpointEvents(a: number, half: number, full: boolean): void {
    const eps = this.opt.epsilon;
    if (full) {
      this.pushEvent(wrap(a - eps));
      this.pushEvent(wrap(a + eps));
    } else {
      if (a - eps > -half && a - eps < half) this.pushEvent(a - eps);
      if (a + eps > -half && a + eps < half) this.pushEvent(a + eps);
    }
  }

  private pushEvent(a: number): void {
    if (this.nEvents === this.events.length) this.events = grow(this.events, this.nEvents + 1);
    this.events[this.nEvents++] = a;
  }

  private pushInterval(lo: number, hi: number, half: number, cand: number): boolean {
    const pad = 2 * this.opt.epsilon;
    const l = Math.max(lo - pad, -half);
    const h = Math.min(hi + pad, half);
    if (l > h) return false;
    if (this.intervals.length < 3 * (this.nIntervals + 1)) this.intervals = grow(this.intervals, 3 * (this.nIntervals + 1));
    this.intervals[3 * this.nIntervals] = l;
    this.intervals[3 * this.nIntervals + 1] = h;
    this.intervals[3 * this.nIntervals + 2] = cand;
    this.nIntervals++;
    return true;
  }

  /** Angular bins over [-half, half] in CSR form. */
  private bin(half: number): void {
    const nb = Math.min(512, Math.max(8, 2 * this.nCand));
    this.nBins = nb;
    this.binLo = -half;
    this.binScale = nb / (2 * half);
    const start = this.binStart;
    start.fill(0, 0, nb + 1);
    const iv = this.intervals;
    let total = 0;
    for (let k = 0; k < this.nIntervals; k++) {
      const b0 = this.binOf(iv[3 * k]!);
      const b1 = this.binOf(iv[3 * k + 1]!);
      for (let b = b0; b <= b1; b++) start[b + 1]!++;
      total += b1 - b0 + 1;
    }
    for (let b = 1; b <= nb; b++) start[b]! += start[b - 1]!;
    if (this.binItems.length < total) this.binItems = new Int32Array(Math.max(total, 2 * this.binItems.length));
    const fill = this.binFill;
    fill.set(start.subarray(0, nb));
    // each bin lists its segments nearest first, so a ray can stop at the first one beyond its hit
    const order = this.order;
    order.length = this.nIntervals;
    for (let k = 0; k < this.nIntervals; k++) order[k] = k;
    const dist = this.candDist;
    order.sort((x, y) => dist[iv[3 * x + 2]!]! - dist[iv[3 * y + 2]!]!);
    for (let o = 0; o < this.nIntervals; o++) {
      const k = order[o]!;
      const b0 = this.binOf(iv[3 * k]!);
      const b1 = this.binOf(iv[3 * k + 1]!);
      const cand = iv[3 * k + 2]!;
      for (let b = b0; b <= b1; b++) this.binItems[fill[b]!++] = cand;
    }
  }

  private binOf(a: number): number {
    const b = Math.floor((a - this.binLo) * this.binScale);
    return b < 0 ? 0 : b >= this.nBins ? this.nBins - 1 : b;
  }

  /** Distance along the ray at relative angle `a` to the nearest blocker, capped at the range. */
  private ray(a: number, limit = this.range): number {
    const abs = a + this.heading;
    const dx = Math.cos(abs);
    const dy = Math.sin(abs);
    const b = this.binOf(wrap(a));
    let best = limit;
    let hit = -1;
    const cand = this.cand;
    const items = this.binItems;
    const dist = this.candDist;
    for (let k = this.binStart[b]!, end = this.binStart[b + 1]!; k < end; k++) {
      const s = items[k]!;
      if (dist[s]! >= best) break;
      const px = cand[4 * s]!;
      const py = cand[4 * s + 1]!;
      const ex = cand[4 * s + 2]!;
      const ey = cand[4 * s + 3]!;
      const den = dx * ey - dy * ex;
      if (den === 0) continue;
      const t = (px * ey - py * ex) / den;
      if (t <= 0 || t >= best) continue;
      const u = (px * dy - py * dx) / den;
      if (u < -1e-9 || u > 1 + 1e-9) continue;
      best = t;
      hit = s;
    }
    this.lastHit = hit;
    this.lastA = a;
    this.lastDx = dx;
    this.lastDy = dy;
    return best;
  }

  /**
   * Emits the vertices strictly between two cast rays: arc points when both reach the range;
   * when they hit different segments with no corner between, walls cross in between — the
   * crossing of the two is added, or, when those two do not cross each other, the interval is
   * bisected until the segments in between show up.
   */
  private between(a0: number, t0: number, s0: number, a1: number, t1: number, s1: number, arcStep: number, depth: number): void {
    if (s0 === -1 && s1 === -1) {
      const steps = Math.ceil((a1 - a0) / arcStep);
      for (let k = 1; k < steps; k++) this.emitRay(a0 + ((a1 - a0) * k) / steps, this.range);
      return;
    }
    const eps = this.opt.epsilon;
    if (s0 === s1 || a1 - a0 < 4 * eps || depth > 40) return;
    const c = s0 >= 0 && s1 >= 0 ? this.crossingAngle(s0, s1, a0) : Number.NaN;
    if (!Number.isNaN(c) && c > a0 + eps && c < a1 - eps) {
      const tl = this.ray(c - eps);
      const sl = this.lastHit;
      this.between(a0, t0, s0, c - eps, tl, sl, arcStep, depth + 1);
      this.emitRay(c - eps, tl);
      const tr = this.ray(c + eps);
      const sr = this.lastHit;
      this.emitRay(c + eps, tr);
      this.between(c + eps, tr, sr, a1, t1, s1, arcStep, depth + 1);
      return;
    }
    const m = (a0 + a1) / 2;
    const tm = this.ray(m);
    const sm = this.lastHit;
    this.between(a0, t0, s0, m, tm, sm, arcStep, depth + 1);
    // a vertex in the middle of a straight edge is harmless; skip it when nothing changes there
    if (sm !== s0 || sm !== s1) this.emitRay(m, tm);
    this.between(m, tm, sm, a1, t1, s1, arcStep, depth + 1);
  }

  /** Relative angle (unwrapped near `near`) of the crossing of two candidates, NaN if none. */
  private crossingAngle(i: number, j: number, near: number): number {
    const c = this.cand;
    const px = c[4 * i]!;
    const py = c[4 * i + 1]!;
    const ex = c[4 * i + 2]!;
    const ey = c[4 * i + 3]!;
    const qx = c[4 * j]!;
    const qy = c[4 * j + 1]!;
    const fx = c[4 * j + 2]!;
    const fy = c[4 * j + 3]!;
    const den = ex * fy - ey * fx;
    if (den === 0) return Number.NaN;
    const wx = qx - px;
    const wy = qy - py;
    const u = (wx * fy - wy * fx) / den;
    const v = (wx * ey - wy * ex) / den;
    if (u < 0 || u > 1 || v < 0 || v > 1) return Number.NaN;
    let a = wrap(Math.atan2(py + u * ey, px + u * ex) - this.heading);
    while (a < near - Math.PI) a += TWO_PI;
    return a;
  }

  private emitRay(a: number, t: number): void {
    if (a === this.lastA) {
      this.emit(this.ox + this.lastDx * t, this.oy + this.lastDy * t);
      return;
    }
    const abs = a + this.heading;
    this.emit(this.ox + Math.cos(abs) * t, this.oy + Math.sin(abs) * t);
  }

  private emit(x: number, y: number): void {
    if (this.nOut + 2 > this.out.length) this.out = grow(this.out, this.nOut + 2);
    this.out[this.nOut++] = x;
    this.out[this.nOut++] = y;
  }
}

const boxScratch = new Float64Array(4);

/** Bounding box [minX, minY, maxX, maxY] of a circular sector. */
function sectorBox(x: number, y: number, heading: number, half: number, r: number): Float64Array {
  const b = boxScratch;
  if (half >= Math.PI) {
    b[0] = x - r;
    b[1] = y - r;
    b[2] = x + r;
    b[3] = y + r;
    return b;
  }
  b[0] = b[2] = x;
  b[1] = b[3] = y;
  const add = (a: number) => {
    const px = x + r * Math.cos(a);
    const py = y + r * Math.sin(a);
    if (px < b[0]!) b[0] = px;
    if (px > b[2]!) b[2] = px;
    if (py < b[1]!) b[1] = py;
    if (py > b[3]!) b[3] = py;
  };
  add(heading - half);
  add(heading + half);
  for (let k = -4; k <= 8; k++) {
    const axis = (k * Math.PI) / 2;
    if (axis > heading - half && axis < heading + half) add(axis);
  }
  return b;
}

function grow(a: Float64Array, need: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}
