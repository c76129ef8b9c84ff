import { describe, expect, it } from 'vitest';
import { PlannerEngine } from '../../../src/domain/planner/planner-engine.ts';
import { handlePlannerRequest } from '../../../src/domain/planner/planner-protocol.ts';
import type { Plan } from '../../../src/domain/planner/plan.ts';
import { aCamera, aRandomScene, aRoomPlan, aWall, anArea, rect, seededRandom } from './planner-factories.ts';

const randomPlan = (seed: number): Plan => ({
  ...aRandomScene(seededRandom(seed), { width: 20, height: 15, walls: 40, cameras: 5, mountHeightM: 3, tiltDeg: 20 }),
  areas: [anArea(rect(1, 1, 9, 7), { required: 'identify' }), anArea(rect(5, 4, 18, 14), { required: 'observe' })],
});

describe('PlannerEngine incremental updates', () => {
  it('after many drags, rotations and wall edits the numbers equal a fresh load of the final plan', () => {
    const plan = randomPlan(11);
    const engine = new PlannerEngine();
    engine.load(plan);
    const random = seededRandom(12);
    let cameras = plan.cameras;
    let walls = plan.walls;
    for (let step = 0; step < 60; step++) {
      const k = Math.floor(random() * cameras.length);
      const cam = cameras[k]!;
      const moved = step % 3 === 0 ? { ...cam, headingDeg: random() * 360 } : { ...cam, position: { x: 0.5 + random() * 19, y: 0.5 + random() * 14 } };
      if (moved.headingDeg !== cam.headingDeg) engine.rotateCamera(cam.id, moved.headingDeg);
      else engine.moveCamera(cam.id, moved.position);
      cameras = cameras.map((c) => (c.id === cam.id ? moved : c));
      if (step % 10 === 5) {
        const w = walls[4 + Math.floor(random() * (walls.length - 4))]!;
        const edited = { ...w, b: { x: Math.min(20, w.b.x + 1), y: w.b.y }, kind: w.kind === 'glass' ? ('wall' as const) : w.kind };
        engine.upsertWall(edited);
        walls = walls.map((x) => (x.id === w.id ? edited : x));
      }
    }
    const fresh = new PlannerEngine().load({ ...plan, cameras, walls });
    expect(engine.coverage()).toEqual(fresh.coverage);
    for (const g of fresh.cameras) expect(engine.geometry(g.id).layers).toEqual(g.layers);
  });

  it('removing a wall recasts the cameras it bounded', () => {
    const middle = aWall({ x: 5, y: 0 }, { x: 5, y: 10 });
    const engine = new PlannerEngine();
    engine.load(aRoomPlan(10, 10, { walls: [middle], cameras: [aCamera({ headingDeg: 45, rangeM: 100 })] }));
    expect(engine.coverage().plan.coverage).toBeCloseTo(50, 1);
    const u = engine.removeWall(middle.id);
    expect(u.cameras).toHaveLength(1);
    expect(u.coverage.plan.coverage).toBeCloseTo(100, 1);
  });

  it('a wall edit far from a camera leaves that camera alone', () => {
    const near = aCamera({ position: { x: 1, y: 1 }, headingDeg: 45, rangeM: 3 });
    const far = aCamera({ position: { x: 19, y: 9 }, headingDeg: 225, rangeM: 3 });
    const engine = new PlannerEngine();
    engine.load(aRoomPlan(20, 10, { cameras: [near, far] }));
    const u = engine.upsertWall(aWall({ x: 2, y: 0 }, { x: 2, y: 3 }));
    expect(u.cameras.map((c) => c.id)).toEqual([near.id]);
  });

  it('removing the last camera leaves nothing covered; the uncovered cells are the whole plan', () => {
    const cam = aCamera({ position: { x: 1, y: 1 }, headingDeg: 45, rangeM: 5 });
    const engine = new PlannerEngine();
    engine.load(aRoomPlan(10, 10, { cameras: [cam] }));
    const before = engine.uncovered('coverage');
    const u = engine.removeCamera(cam.id);
    expect(u.removed).toEqual([cam.id]);
    expect(u.coverage.plan).toEqual({ coverage: 0, detect: 0, observe: 0, recognise: 0, identify: 0 });
    const cells = (runs: Int32Array) => {
      let n = 0;
      for (let k = 0; k < runs.length; k += 3) n += runs[k + 2]! - runs[k + 1]!;
      return n;
    };
    expect(cells(engine.uncovered('coverage').runs)).toBe(200 * 200);
    expect(cells(before.runs) / (200 * 200)).toBeCloseTo(1 - engine.load(aRoomPlan(10, 10, { cameras: [cam] })).coverage.plan.coverage / 100, 9);
  });

  it('reports each area of interest per layer and at its required DORI level', () => {
    const cam = aCamera({ position: { x: 0, y: 0 }, headingDeg: 45, hfovDeg: 90 }); // identify up to 3.84 m
    const near = anArea(rect(0, 0, 2, 2), { required: 'identify' });
    const farArea = anArea(rect(6, 6, 8, 8), { required: 'identify' });
    const update = new PlannerEngine().load(aRoomPlan(10, 10, { cameras: [cam], areas: [near, farArea] }));
    const [a, b] = update.coverage.areas;
    expect(a!.requiredPercent).toBeCloseTo(100, 5);
    expect(b!.percent.identify).toBe(0);
    expect(b!.percent.observe).toBeCloseTo(100, 5);
    expect(b!.requiredPercent).toBe(0);
    const uncoveredFar = new PlannerEngine();
    uncoveredFar.load(aRoomPlan(10, 10, { cameras: [cam], areas: [near, farArea] }));
    expect(uncoveredFar.uncovered('identify', farArea.id).runs.length).toBe(40 * 3);
  });

  it('counts overlapping areas of interest each in full', () => {
    const cam = aCamera({ position: { x: 0, y: 0 }, headingDeg: 45, rangeM: 100 });
    const left = anArea(rect(0, 0, 6, 10));
    const right = anArea(rect(4, 0, 10, 10));
    const update = new PlannerEngine().load(aRoomPlan(10, 10, { cameras: [cam], walls: [aWall({ x: 5, y: 0 }, { x: 5, y: 10 })], areas: [left, right] }));
    const [l, r] = update.coverage.areas;
    expect(l!.percent.coverage).toBeCloseTo((100 * 5) / 6, 1);
    expect(r!.percent.coverage).toBeCloseTo((100 * 1) / 6, 1);
  });

  it('refuses a plan without a scale, a camera with no field of view, and unknown ids', () => {
    const engine = new PlannerEngine();
    expect(() => engine.load({ ...aRoomPlan(5, 5), metresPerUnit: 0 })).toThrow(expect.objectContaining({ code: 'validation' }));
    engine.load(aRoomPlan(5, 5));
    expect(() => engine.upsertCamera(aCamera({ hfovDeg: 0 }))).toThrow(expect.objectContaining({ code: 'validation' }));
    expect(() => engine.moveCamera('nope', { x: 1, y: 1 })).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(() => engine.removeWall('nope')).toThrow(expect.objectContaining({ code: 'not-found' }));
  });
});

describe('the geometry worker protocol', () => {
  it('answers each request with its seq: updates, uncovered cells, and errors as values', () => {
    const engine = new PlannerEngine();
    const cam = aCamera({ position: { x: 1, y: 1 }, headingDeg: 45, rangeM: 4 });
    const loaded = handlePlannerRequest(engine, { seq: 1, type: 'load', plan: aRoomPlan(10, 10, { cameras: [cam] }) });
    expect(loaded).toMatchObject({ seq: 1, type: 'update', removed: [] });
    const moved = handlePlannerRequest(engine, { seq: 2, type: 'move-camera', id: cam.id, position: { x: 5, y: 5 } });
    expect(moved.type === 'update' && moved.cameras.map((c) => c.id)).toEqual([cam.id]);
    const cells = handlePlannerRequest(engine, { seq: 3, type: 'uncovered', layer: 'detect' });
    expect(cells).toMatchObject({ seq: 3, type: 'uncovered', cells: { layer: 'detect' } });
    const error = handlePlannerRequest(engine, { seq: 4, type: 'rotate-camera', id: 'missing', headingDeg: 10 });
    expect(error).toEqual({ seq: 4, type: 'error', code: 'not-found', message: 'No camera missing on this plan.' });
  });
});
