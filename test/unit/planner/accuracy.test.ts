import { describe, expect, it } from 'vitest';
import { COVERAGE_LAYERS } from '../../../src/domain/planner/camera-view.ts';
import { isOpaque } from '../../../src/domain/planner/plan.ts';
import type { Camera, Plan, Point, Wall } from '../../../src/domain/planner/plan.ts';
import { PlannerEngine } from '../../../src/domain/planner/planner-engine.ts';
import type { Ring } from '../../../src/domain/planner/polygon.ts';
import { pointInRing, signedArea } from '../../../src/domain/planner/polygon.ts';
import { aRandomScene, aWall, seededRandom } from './planner-factories.ts';

const SEEDS = [1, 2, 3, 4, 5, 6];

/** Long walls at random angles across the room: many crossings, hidden corners and T-junctions. */
function crossingScene(seed: number): Plan {
  const random = seededRandom(seed);
  const plan = aRandomScene(random, { width: 20, height: 15, walls: 4, cameras: 6, rangeM: 12 });
  for (let k = 0; k < 14; k++) {
    const a = { x: random() * 20, y: random() * 15 };
    const b = { x: random() * 20, y: random() * 15 };
    plan.walls.push(aWall(a, b, random() < 0.15 ? 'glass' : 'wall'));
  }
  return plan;
}

function scene(seed: number, blind = false): Plan {
  const random = seededRandom(seed);
  return aRandomScene(random, {
    width: 20,
    height: 15,
    walls: 40,
    cameras: 6,
    rangeM: 6 + 8 * random(),
    ...(blind ? { mountHeightM: 3, tiltDeg: 20 } : {}),
  });
}

/** Whether segments p–q and a–b properly cross (touching ends do not count). */
function crosses(p: Point, q: Point, a: Point, b: Point): boolean {
  const o = (u: Point, v: Point, w: Point) => (v.x - u.x) * (w.y - u.y) - (v.y - u.y) * (w.x - u.x);
  const d1 = o(a, b, p);
  const d2 = o(a, b, q);
  const d3 = o(p, q, a);
  const d4 = o(p, q, b);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function distToSegment(p: Point, a: Point, b: Point): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const ee = ex * ex + ey * ey;
  const u = ee > 0 ? Math.min(1, Math.max(0, ((p.x - a.x) * ex + (p.y - a.y) * ey) / ee)) : 0;
  return Math.hypot(a.x + u * ex - p.x, a.y + u * ey - p.y);
}

function distToRing(p: Point, ring: Ring): number {
  let d = Infinity;
  const n = ring.length;
  for (let i = 0; i < n; i += 2) {
    const j = (i + 2) % n;
    d = Math.min(d, distToSegment(p, { x: ring[i]!, y: ring[i + 1]! }, { x: ring[j]!, y: ring[j + 1]! }));
  }
  return d;
}

/** Line of sight, straight from the definition: in range, in the field of view, no opaque wall between. */
function seesByLineOfSight(cam: Camera, rangeM: number, walls: Wall[], p: Point): boolean {
  const dx = p.x - cam.position.x;
  const dy = p.y - cam.position.y;
  if (Math.hypot(dx, dy) > rangeM) return false;
  const h = (cam.headingDeg * Math.PI) / 180;
  const cos = (dx * Math.cos(h) + dy * Math.sin(h)) / Math.hypot(dx, dy);
  if (Math.acos(Math.min(1, Math.max(-1, cos))) > (cam.hfovDeg * Math.PI) / 360) return false;
  return !walls.some((w) => isOpaque(w) && crosses(cam.position, p, w.a, w.b));
}

describe('visibility against independent line-of-sight sampling', () => {
  it.each([...SEEDS.map((seed) => ['rooms', seed] as const), ...SEEDS.map((seed) => ['crossing walls', seed] as const)])('random scene (%s) %i: a point is inside the polygon exactly when the camera has line of sight to it', (kind, seed) => {
    const plan = kind === 'rooms' ? scene(seed) : crossingScene(seed);
    const engine = new PlannerEngine();
    const update = engine.load(plan);
    const random = seededRandom(1000 + seed);
    let checked = 0;
    let seen = 0;
    const wrong: string[] = [];
    for (const cam of plan.cameras) {
      const g = update.cameras.find((c) => c.id === cam.id)!;
      for (let k = 0; k < 400; k++) {
        // in and just around the camera's sector, where the answer is not always "no"
        const a = ((cam.headingDeg + (random() - 0.5) * 1.2 * cam.hfovDeg) * Math.PI) / 180;
        const r = 1.1 * g.rangeM * Math.sqrt(random());
        const p = { x: cam.position.x + r * Math.cos(a), y: cam.position.y + r * Math.sin(a) };
        // too close to an edge of the polygon to call either way (arcs are chords within 5 mm)
        if (distToRing(p, g.sight) < 0.02) continue;
        if (plan.walls.some((w) => distToSegment(p, w.a, w.b) < 0.02)) continue;
        const expected = seesByLineOfSight(cam, g.rangeM, plan.walls, p);
        checked++;
        if (expected) seen++;
        if (pointInRing(g.sight, p.x, p.y) !== expected) wrong.push(`${cam.id} (${p.x.toFixed(3)}, ${p.y.toFixed(3)}) expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(0.8 * 6 * 400);
    expect(seen).toBeGreaterThan(kind === 'rooms' ? 100 : 30);
  });
});

describe('raster coverage against exact polygon areas', () => {
  it.each(SEEDS)('random scene %i: each camera alone, every layer within 0.1 percentage points of its shoelace area', (seed) => {
    const plan = scene(seed, true);
    const worst: number[] = [];
    for (const cam of plan.cameras) {
      const update = new PlannerEngine().load({ ...plan, cameras: [cam] });
      const g = update.cameras[0]!;
      const planArea = 20 * 15;
      COVERAGE_LAYERS.forEach((layer, i) => {
        const exact = (100 * Math.abs(signedArea(g.layers[i]!))) / planArea;
        worst.push(Math.abs(update.coverage.plan[layer] - exact));
      });
    }
    expect(Math.max(...worst)).toBeLessThanOrEqual(0.1);
  });

  it('the coverage of an area of interest matches the exact area of the polygon inside it', () => {
    const plan = scene(9);
    const cam = plan.cameras[0]!;
    const g0 = new PlannerEngine().load({ ...plan, cameras: [cam] }).cameras[0]!;
    // an area exactly covering the plan: area % = plan %
    const update = new PlannerEngine().load({
      ...plan,
      cameras: [cam],
      areas: [{ id: 'all', polygon: [{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 20, y: 15 }, { x: 0, y: 15 }], required: 'recognise' }],
    });
    const exact = (100 * Math.abs(signedArea(g0.layers[0]!))) / 300;
    expect(Math.abs(update.coverage.areas[0]!.percent.coverage - exact)).toBeLessThanOrEqual(0.1);
    expect(update.coverage.areas[0]!.requiredPercent).toBe(update.coverage.areas[0]!.percent.recognise);
  });
});
