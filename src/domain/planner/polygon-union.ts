import type { Ring } from './polygon.ts';
import { signedArea } from './polygon.ts';

/** One outer boundary and the holes inside it. */
export interface PolygonWithHoles {
  outer: Ring;
  holes: Ring[];
}

/**
 * Merges overlapping rings into disjoint polygons, for drawing and export (the live numbers come
 * from the coverage raster). Implemented outside the domain because the fast implementations are
 * WebAssembly modules that must be loaded first.
 */
export interface PolygonUnion {
  union(rings: readonly Ring[]): PolygonWithHoles[];
}

/** Area of a union result: outer areas less their holes. */
export function unionArea(polygons: readonly PolygonWithHoles[]): number {
  let a = 0;
  for (const p of polygons) {
    a += Math.abs(signedArea(p.outer));
    for (const h of p.holes) a -= Math.abs(signedArea(h));
  }
  return a;
}
