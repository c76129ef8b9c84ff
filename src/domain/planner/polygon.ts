/**
 * Rings are flat Float64Arrays [x0, y0, x1, y1, …], implicitly closed: compact, quick to
 * post to and from a Web Worker, and free of per-vertex objects in the hot paths.
 */
import type { Point } from './plan.ts';

export type Ring = Float64Array;

/** A growable vertex buffer; `take()` copies the ring out and starts over. */
export class RingBuilder {
  private buf = new Float64Array(1024);
  length = 0;

  push(x: number, y: number): void {
    if (this.length + 2 > this.buf.length) {
      const b = new Float64Array(this.buf.length * 2);
      b.set(this.buf);
      this.buf = b;
    }
    this.buf[this.length++] = x;
    this.buf[this.length++] = y;
  }

  take(): Ring {
    const r = this.length >= 6 ? this.buf.slice(0, this.length) : new Float64Array(0);
    this.length = 0;
    return r;
  }
}

// The clip functions below never run inside one another, so they share one buffer.
const shared = new RingBuilder();

export function ringFromPoints(points: readonly Point[]): Ring {
  const r = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    r[2 * i] = p.x;
    r[2 * i + 1] = p.y;
  });
  return r;
}

export function ringToPoints(ring: Ring): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < ring.length; i += 2) out.push({ x: ring[i]!, y: ring[i + 1]! });
  return out;
}

/** Shoelace area, positive when the vertices run from +x toward +y. */
export function signedArea(ring: Ring): number {
  const n = ring.length;
  if (n < 6) return 0;
  let s = 0;
  let px = ring[n - 2]!;
  let py = ring[n - 1]!;
  for (let i = 0; i < n; i += 2) {
    const x = ring[i]!;
    const y = ring[i + 1]!;
    s += px * y - x * py;
    px = x;
    py = y;
  }
  return s / 2;
}

/** Even-odd point in ring test. */
export function pointInRing(ring: Ring, x: number, y: number): boolean {
  const n = ring.length;
  let inside = false;
  let px = ring[n - 2]!;
  let py = ring[n - 1]!;
  for (let i = 0; i < n; i += 2) {
    const qx = ring[i]!;
    const qy = ring[i + 1]!;
    if (qy > y !== py > y && x < ((px - qx) * (y - qy)) / (py - qy) + qx) inside = !inside;
    px = qx;
    py = qy;
  }
  return inside;
}

/** Whether segment a–b crosses, touches (within `tol`) or lies inside the ring. */
export function segmentTouchesRing(ring: Ring, ax: number, ay: number, bx: number, by: number, tol: number): boolean {
  const n = ring.length;
  if (n < 6) return false;
  if (pointInRing(ring, ax, ay) || pointInRing(ring, bx, by)) return true;
  const ex = bx - ax;
  const ey = by - ay;
  const len = Math.hypot(ex, ey);
  let px = ring[n - 2]!;
  let py = ring[n - 1]!;
  for (let i = 0; i < n; i += 2) {
    const qx = ring[i]!;
    const qy = ring[i + 1]!;
    const fx = qx - px;
    const fy = qy - py;
    const den = ex * fy - ey * fx;
    const wx = px - ax;
    const wy = py - ay;
    // tolerance as a fraction of each segment's length
    const tu = len > 0 ? tol / len : 0;
    const flen = Math.hypot(fx, fy);
    const tv = flen > 0 ? tol / flen : 0;
    if (den !== 0) {
      const u = (wx * fy - wy * fx) / den;
      const v = (wx * ey - wy * ex) / den;
      if (u >= -tu && u <= 1 + tu && v >= -tv && v <= 1 + tv) return true;
    } else if (Math.abs(wx * ey - wy * ex) <= tol * len) {
      // collinear: overlapping projections
      const t0 = (wx * ex + wy * ey) / (len * len);
      const t1 = ((qx - ax) * ex + (qy - ay) * ey) / (len * len);
      if (Math.max(t0, t1) >= -tu && Math.min(t0, t1) <= 1 + tu) return true;
    }
    px = qx;
    py = qy;
  }
  return false;
}

/**
 * Keeps the part of a ring where nx·x + ny·y ≥ c (Sutherland–Hodgman against one line). Valid
 * for non-convex rings too: pieces may be joined by zero-area edges along the line.
 */
export function clipRingToHalfPlane(ring: Ring, nx: number, ny: number, c: number): Ring {
  const n = ring.length;
  const out = shared;
  out.length = 0;
  let px = ring[n - 2]!;
  let py = ring[n - 1]!;
  let pd = nx * px + ny * py - c;
  for (let i = 0; i < n; i += 2) {
    const qx = ring[i]!;
    const qy = ring[i + 1]!;
    const qd = nx * qx + ny * qy - c;
    if (qd >= 0) {
      if (pd < 0) {
        const t = pd / (pd - qd);
        out.push(px + t * (qx - px), py + t * (qy - py));
      }
      out.push(qx, qy);
    } else if (pd >= 0) {
      const t = pd / (pd - qd);
      out.push(px + t * (qx - px), py + t * (qy - py));
    }
    px = qx;
    py = qy;
    pd = qd;
  }
  return out.take();
}

function pushArc(out: RingBuilder, cx: number, cy: number, r: number, from: number, to: number, arcStep: number): void {
  let sweep = to - from;
  while (sweep < 0) sweep += 2 * Math.PI;
  const steps = Math.ceil(sweep / arcStep);
  for (let k = 1; k < steps; k++) {
    const a = from + (sweep * k) / steps;
    out.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
}

/**
 * Intersects a ring that is star-shaped around (cx, cy) with the disc of radius r around that
 * same point. Where the ring leaves the disc the boundary follows the circle, as a polyline with
 * steps of at most `arcStep` radians.
 */
export function clipStarToDisc(ring: Ring, cx: number, cy: number, r: number, arcStep: number): Ring {
  const n = ring.length;
  if (n < 6) return new Float64Array(0);
  const r2 = r * r;
  // Start the walk at a vertex inside the disc, so every arc runs from an exit to the next entry.
  let first = -1;
  for (let i = 0; i < n; i += 2) {
    const dx = ring[i]! - cx;
    const dy = ring[i + 1]! - cy;
    if (dx * dx + dy * dy <= r2) {
      first = i;
      break;
    }
  }
  const out = shared;
  out.length = 0;
  if (first < 0) first = 0;
  let exitAngle = Number.NaN;
  let firstEntry = Number.NaN;
  let crossings = 0;
  let px = ring[(first + n - 2) % n]! - cx;
  let py = ring[(first + n - 1) % n]! - cy;
  let pIn = px * px + py * py <= r2;
  for (let j = 0; j < n; j += 2) {
    const i = (first + j) % n;
    const qx = ring[i]! - cx;
    const qy = ring[i + 1]! - cy;
    const qIn = qx * qx + qy * qy <= r2;
    // |p + t(q-p)|² = r² → a t² + 2 b t + c = 0
    const dx = qx - px;
    const dy = qy - py;
    const a = dx * dx + dy * dy;
    const b = px * dx + py * dy;
    const c = px * px + py * py - r2;
    const disc = b * b - a * c;
    if (a > 0 && disc > 0 && (pIn !== qIn || !pIn)) {
      const s = Math.sqrt(disc);
      const t1 = (-b - s) / a;
      const t2 = (-b + s) / a;
      const enters = !pIn && (qIn || (t1 > 0 && t2 < 1));
      if (enters) {
        const ex = px + t1 * dx;
        const ey = py + t1 * dy;
        const angle = Math.atan2(ey, ex);
        if (Number.isNaN(exitAngle)) firstEntry = angle;
        else pushArc(out, cx, cy, r, exitAngle, angle, arcStep);
        out.push(cx + ex, cy + ey);
        crossings++;
      }
      if ((pIn || enters) && !qIn) {
        exitAngle = Math.atan2(py + t2 * dy, px + t2 * dx);
        out.push(cx + px + t2 * dx, cy + py + t2 * dy);
        crossings++;
      }
    }
    if (qIn) out.push(cx + qx, cy + qy);
    px = qx;
    py = qy;
    pIn = qIn;
  }
  // no vertex inside: the ring's closing arc runs from the last exit back to the first entry
  if (!Number.isNaN(firstEntry) && !Number.isNaN(exitAngle)) pushArc(out, cx, cy, r, exitAngle, firstEntry, arcStep);
  if (crossings === 0 && out.length === 0) {
    // the ring surrounds the whole disc
    pushArc(out, cx, cy, r, 0, 2 * Math.PI, arcStep);
    out.push(cx + r, cy);
  }
  return out.take();
}
