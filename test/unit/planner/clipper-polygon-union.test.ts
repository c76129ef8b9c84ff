import { beforeAll, describe, expect, it } from 'vitest';
import { ClipperPolygonUnion } from '../../../src/adapters/planner/clipper-polygon-union.ts';
import { PlannerEngine } from '../../../src/domain/planner/planner-engine.ts';
import { ringFromPoints } from '../../../src/domain/planner/polygon.ts';
import { unionArea } from '../../../src/domain/planner/polygon-union.ts';
import { aRandomScene, rect, seededRandom } from './planner-factories.ts';

let clipper: ClipperPolygonUnion;
beforeAll(async () => {
  clipper = await ClipperPolygonUnion.load();
});

describe('ClipperPolygonUnion (WASM Clipper)', () => {
  it('merges overlapping squares into one polygon of the right area', () => {
    const result = clipper.union([ringFromPoints(rect(0, 0, 2, 2)), ringFromPoints(rect(1, 1, 3, 3))]);
    expect(result).toHaveLength(1);
    expect(unionArea(result)).toBeCloseTo(7, 6);
  });

  it('keeps disjoint polygons apart and reports holes', () => {
    // a frame of four bars around a 2 × 2 hole, and a separate square
    const bars = [rect(0, 0, 4, 1), rect(0, 3, 4, 4), rect(0, 0, 1, 4), rect(3, 0, 4, 4)].map(ringFromPoints);
    const result = clipper.union([...bars, ringFromPoints(rect(10, 10, 11, 11))]);
    expect(result).toHaveLength(2);
    const frame = result.find((p) => p.holes.length === 1);
    expect(frame).toBeDefined();
    expect(unionArea(result)).toBeCloseTo(16 - 4 + 1, 6);
  });

  it.each([21, 22, 23])('random scene %i: the raster coverage is within 0.1 percentage points of the union area', (seed) => {
    const plan = aRandomScene(seededRandom(seed), { width: 20, height: 15, walls: 40, cameras: 8, mountHeightM: 3, tiltDeg: 20 });
    const update = new PlannerEngine().load(plan);
    for (let layer = 0; layer < 5; layer++) {
      const exact = (100 * unionArea(clipper.union(update.cameras.map((c) => c.layers[layer]!)))) / 300;
      const raster = Object.values(update.coverage.plan)[layer]!;
      expect(Math.abs(raster - exact)).toBeLessThanOrEqual(0.1);
    }
  });
});
