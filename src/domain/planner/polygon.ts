/**
 * Rings are flat Float64Arrays [x0, y0, x1, y1, …], implicitly closed: compact, quick to
 * post to and from a Web Worker, and free of per-vertex objects in the hot paths.
 */
import type { Point } from './plan.ts';

export type Ring = Float64Array;

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

/**
 * Keeps the part of a ring where nx·x + ny·y ≥ c (Sutherland–Hodgman against one line). Valid
 * for non-convex rings too: pieces may be joined by zero-area edges along the line.
 */
export function clipRingToHalfPlane(ring: Ring, nx: number, ny: number, c: number): Ring {
  const n = ring.length;
  const out: number[] = [];
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
  return out.length >= 6 ? Float64Array.from(out) : new Float64Array(0);
}

/**
 * Intersects a ring that is star-shaped around (cx, cy) with the disc of radius r around that
 * same point. Where the ring leaves the disc the boundary follows the circle, as a polyline with
 * steps of at most `arcStep` radians.
 */
export function clipStarToDisc(ring: Ring, cx: number, cy: number, r: number, arcStep: number): Ring {
  const n = ring.length;
  const r2 = r * r;
  const out: number[] = [];
  const arc = (from: number, to: number): number[] => {
    let sweep = to - from;
    while (sweep < 0) sweep += 2 * Math.PI;
    const steps = Math.ceil(sweep / arcStep);
    const pts: number[] = [];
    for (let k = 1; k < steps; k++) {
      const a = from + (sweep * k) / steps;
      pts.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    return pts;
  };
  let exitAngle = Number.NaN;
  // An entry met before any exit closes an arc that started at the ring's last exit.
  let pendingEntryAt = -1;
  let pendingEntryAngle = 0;
  const enter = (ex: number, ey: number) => {
    const angle = Math.atan2(ey, ex);
    if (Number.isNaN(exitAngle)) {
      pendingEntryAt = out.length;
      pendingEntryAngle = angle;
    } else {
      for (const v of arc(exitAngle, angle)) out.push(v);
    }
    out.push(cx + ex, cy + ey);
  };
  let px = ring[n - 2]! - cx;
  let py = ring[n - 1]! - cy;
  let pIn = px * px + py * py <= r2;
  let crossings = 0;
  for (let i = 0; i < n; i += 2) {
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
    if (a > 0 && disc > 0) {
      const s = Math.sqrt(disc);
      const t1 = (-b - s) / a;
      const t2 = (-b + s) / a;
      if (pIn && !qIn) {
        exitAngle = Math.atan2(py + t2 * dy, px + t2 * dx);
        out.push(cx + px + t2 * dx, cy + py + t2 * dy);
        crossings++;
      } else if (!pIn && qIn) {
        enter(px + t1 * dx, py + t1 * dy);
        crossings++;
      } else if (!pIn && !qIn && t1 > 0 && t2 < 1) {
        enter(px + t1 * dx, py + t1 * dy);
        exitAngle = Math.atan2(py + t2 * dy, px + t2 * dx);
        out.push(cx + px + t2 * dx, cy + py + t2 * dy);
        crossings += 2;
      }
    }
    if (qIn) out.push(cx + qx, cy + qy);
    px = qx;
    py = qy;
    pIn = qIn;
  }
  if (pendingEntryAt >= 0 && !Number.isNaN(exitAngle)) {
    out.splice(pendingEntryAt, 0, ...arc(exitAngle, pendingEntryAngle));
  }
  if (crossings === 0 && out.length === 0) {
    // the ring surrounds the whole disc
    const full = arc(0, 2 * Math.PI);
    full.push(cx + r, cy);
    return Float64Array.from(full);
  }
  return out.length >= 6 ? Float64Array.from(out) : new Float64Array(0);
}
