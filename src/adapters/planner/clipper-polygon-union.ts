/**
 * PolygonUnion on Angus Johnson's Clipper compiled to WebAssembly (js-angusj-clipper). Clipper
 * works on integers, so coordinates are scaled by `resolution` (units per plan unit) and back.
 * The WASM module is loaded once per process through `load()`.
 */
import type { ClipperLibWrapper, PolyNode } from 'js-angusj-clipper';
import { ClipType, NativeClipperLibRequestedFormat, PolyFillType, loadNativeClipperLibInstanceAsync } from 'js-angusj-clipper';
import type { PolygonUnion, PolygonWithHoles } from '../../domain/planner/polygon-union.ts';
import type { Ring } from '../../domain/planner/polygon.ts';

let loading: Promise<ClipperLibWrapper> | null = null;

export class ClipperPolygonUnion implements PolygonUnion {
  private readonly lib: ClipperLibWrapper;
  private readonly resolution: number;

  private constructor(lib: ClipperLibWrapper, resolution: number) {
    this.lib = lib;
    this.resolution = resolution;
  }

  /** `resolution`: integer steps per plan unit (10 000 keeps 0.1 mm on a plan in metres). */
  static async load(resolution = 10_000): Promise<ClipperPolygonUnion> {
    loading ??= loadNativeClipperLibInstanceAsync(NativeClipperLibRequestedFormat.WasmWithAsmJsFallback);
    return new ClipperPolygonUnion(await loading, resolution);
  }

  union(rings: readonly Ring[]): PolygonWithHoles[] {
    const k = this.resolution;
    const paths = rings
      .filter((r) => r.length >= 6)
      .map((r) => {
        const path: { x: number; y: number }[] = [];
        for (let i = 0; i < r.length; i += 2) path.push({ x: Math.round(r[i]! * k), y: Math.round(r[i + 1]! * k) });
        return path;
      });
    if (paths.length === 0) return [];
    const tree = this.lib.clipToPolyTree({
      clipType: ClipType.Union,
      subjectInputs: [{ data: paths, closed: true }],
      subjectFillType: PolyFillType.NonZero,
    });
    const toRing = (node: PolyNode): Ring => {
      const c = node.contour;
      const ring = new Float64Array(c.length * 2);
      c.forEach((p, i) => {
        ring[2 * i] = p.x / k;
        ring[2 * i + 1] = p.y / k;
      });
      return ring;
    };
    const out: PolygonWithHoles[] = [];
    // outer nodes hold holes, whose children are outer nodes again (islands)
    const visitOuter = (node: PolyNode) => {
      out.push({ outer: toRing(node), holes: node.childs.map(toRing) });
      for (const hole of node.childs) for (const island of hole.childs) visitOuter(island);
    };
    for (const node of tree.childs) visitOuter(node);
    return out;
  }
}
