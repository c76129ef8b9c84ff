import { describe, expect, it } from 'vitest';
import { PlannerEngine } from '../../../src/domain/planner/planner-engine.ts';
import { signedArea } from '../../../src/domain/planner/polygon.ts';
import type { Camera, Plan, Wall } from '../../../src/domain/planner/plan.ts';
import { aCamera, aRoomPlan, aWall } from './planner-factories.ts';

/** A corner camera of a 10 × 10 m room looking diagonally in, seeing well past the room. */
const cornerCamera = (overrides: Partial<Camera> = {}) => aCamera({ position: { x: 0, y: 0 }, headingDeg: 45, hfovDeg: 90, rangeM: 100, ...overrides });

function run(plan: Plan) {
  const update = new PlannerEngine().load(plan);
  const areas = update.cameras.map((c) => Math.abs(signedArea(c.layers[0]!)));
  return { coverage: update.coverage, polygonArea: areas.reduce((a, b) => a + b, 0), update };
}

const splitAtX5 = (middle?: Wall): Wall[] => (middle ? [aWall({ x: 5, y: 0 }, { x: 5, y: 4 }), middle, aWall({ x: 5, y: 6 }, { x: 5, y: 10 })] : []);

describe('visibility and coverage, known answers', () => {
  it('a camera in the corner of an empty square room with a 90° lens covers the whole room', () => {
    const { coverage, polygonArea } = run(aRoomPlan(10, 10, { cameras: [cornerCamera()] }));
    expect(polygonArea).toBeCloseTo(100, 1);
    expect(coverage.plan.coverage).toBeCloseTo(100, 1);
  });

  it('a camera in the middle of the room with a 60° lens covers the sector it faces', () => {
    const cam = aCamera({ position: { x: 5, y: 5 }, headingDeg: 0, hfovDeg: 60, rangeM: 4 });
    const { coverage, polygonArea } = run(aRoomPlan(10, 10, { cameras: [cam] }));
    const sector = (Math.PI * 16) / 6;
    // the range arc is drawn as chords at most 5 mm inside it
    expect(polygonArea).toBeLessThan(sector);
    expect(polygonArea).toBeCloseTo(sector, 1);
    expect(coverage.plan.coverage).toBeCloseTo(sector, 0);
  });

  it('a wall splitting the room stops the coverage at the wall', () => {
    const { coverage, polygonArea } = run(aRoomPlan(10, 10, { cameras: [cornerCamera()], walls: [aWall({ x: 5, y: 0 }, { x: 5, y: 10 })] }));
    expect(polygonArea).toBeCloseTo(50, 1);
    expect(coverage.plan.coverage).toBeCloseTo(50, 1);
  });

  it('a glass wall does not block the view', () => {
    const { coverage } = run(aRoomPlan(10, 10, { cameras: [cornerCamera()], walls: [aWall({ x: 5, y: 0 }, { x: 5, y: 10 }, 'glass')] }));
    expect(coverage.plan.coverage).toBeCloseTo(100, 1);
  });

  it('a closed door blocks like a wall; an open one lets the view through its opening', () => {
    const closed = run(aRoomPlan(10, 10, { cameras: [cornerCamera()], walls: splitAtX5(aWall({ x: 5, y: 4 }, { x: 5, y: 6 }, 'door', false)) }));
    const open = run(aRoomPlan(10, 10, { cameras: [cornerCamera()], walls: splitAtX5(aWall({ x: 5, y: 4 }, { x: 5, y: 6 }, 'door', true)) }));
    expect(closed.coverage.plan.coverage).toBeCloseTo(50, 1);
    // through the gap: between y = 0.8x and y = 1.2x beyond x = 5, up to the far wall: 40/3 m²
    expect(open.polygonArea).toBeCloseTo(50 + 40 / 3, 1);
    expect(open.coverage.plan.coverage).toBeCloseTo(50 + 40 / 3, 1);
  });

  it('a camera on the middle of a wall with a 180° lens sees the room, not behind its wall', () => {
    const cam = aCamera({ position: { x: 5, y: 0 }, headingDeg: 90, hfovDeg: 180, rangeM: 100 });
    const { coverage } = run(aRoomPlan(10, 10, { cameras: [cam], bounds: { minX: 0, minY: -10, maxX: 10, maxY: 10 } }));
    // the plan is twice the room; the camera sees the room half
    expect(coverage.plan.coverage).toBeCloseTo(50, 1);
  });

  it('a 360° camera sees a disc of its range', () => {
    const cam = aCamera({ position: { x: 5, y: 5 }, hfovDeg: 360, rangeM: 3 });
    const { coverage, polygonArea } = run(aRoomPlan(10, 10, { cameras: [cam] }));
    expect(polygonArea).toBeCloseTo(Math.PI * 9, 1);
    expect(coverage.plan.coverage).toBeCloseTo(Math.PI * 9, 0);
  });

  it('DORI bands are quarter discs of 38.4 / 15.36 / 7.68 / 3.84 m for a 1920 px corner camera', () => {
    const plan = aRoomPlan(50, 50, { cameras: [cornerCamera({ rangeM: undefined })] });
    const { update } = run(plan);
    const quarter = (r: number) => (Math.PI * r * r) / 4;
    const c = update.coverage.plan;
    const pct = (r: number) => (100 * quarter(r)) / 2500;
    expect(update.cameras[0]!.rangeM).toBeCloseTo(38.4, 9);
    expect(c.coverage).toBeCloseTo(pct(38.4), 1);
    expect(c.detect).toBeCloseTo(pct(38.4), 1);
    expect(c.observe).toBeCloseTo(pct(15.36), 1);
    expect(c.recognise).toBeCloseTo(pct(7.68), 1);
    expect(c.identify).toBeCloseTo(pct(3.84), 1);
    const bands = update.cameras[0]!.layers.map((r) => Math.abs(signedArea(r)));
    expect(bands[4]).toBeCloseTo(quarter(3.84), 1);
  });

  it('removes the blind zone under a tilted camera: (h − t)/tan(tilt + vfov/2) along its heading', () => {
    // 3 m high, tilted 30° with a 30° vertical FOV: the floor is seen from 3 m out
    const cam = aCamera({ position: { x: 1, y: 5 }, headingDeg: 0, hfovDeg: 60, vfovDeg: 30, tiltDeg: 30, mountHeightM: 3, rangeM: 8 });
    const { update } = run(aRoomPlan(10, 10, { cameras: [cam] }));
    const g = update.cameras[0]!;
    expect(g.blindDistanceM).toBeCloseTo(3, 9);
    const sector = (Math.PI * 64) / 6;
    const blind = 3 * 3 * Math.tan(Math.PI / 6);
    expect(Math.abs(signedArea(g.layers[0]!))).toBeCloseTo(sector - blind, 1);
    expect(Math.abs(signedArea(g.blindZone))).toBeCloseTo(blind, 2);
    expect(update.coverage.plan.coverage).toBeCloseTo(sector - blind, 0);
  });

  it('a person-height target shrinks the blind zone', () => {
    const cam = aCamera({ position: { x: 1, y: 5 }, headingDeg: 0, hfovDeg: 60, vfovDeg: 30, tiltDeg: 30, mountHeightM: 3, rangeM: 8 });
    const { update } = run({ ...aRoomPlan(10, 10, { cameras: [cam] }), targetHeightM: 1.5 });
    expect(update.cameras[0]!.blindDistanceM).toBeCloseTo(1.5, 9);
  });

  it('a camera tilted so far down that its top edge meets the floor sees no farther than that', () => {
    const cam = aCamera({ position: { x: 1, y: 5 }, hfovDeg: 60, vfovDeg: 20, tiltDeg: 55, mountHeightM: 3, rangeM: 30 });
    const { update } = run(aRoomPlan(10, 10, { cameras: [cam] }));
    expect(update.cameras[0]!.rangeM).toBeCloseTo(3 / Math.tan((45 * Math.PI) / 180), 9);
  });

  it('works in plan units: a plan drawn in centimetres gives the same percentages', () => {
    const scale = (plan: Plan, k: number): Plan => ({
      ...plan,
      metresPerUnit: 1 / k,
      bounds: { minX: 0, minY: 0, maxX: 10 * k, maxY: 10 * k },
      walls: plan.walls.map((w) => ({ ...w, a: { x: w.a.x * k, y: w.a.y * k }, b: { x: w.b.x * k, y: w.b.y * k } })),
      cameras: plan.cameras.map((c) => ({ ...c, position: { x: c.position.x * k, y: c.position.y * k } })),
    });
    const plan = aRoomPlan(10, 10, { cameras: [aCamera({ position: { x: 2, y: 3 }, headingDeg: 20, rangeM: 6 })], walls: [aWall({ x: 5, y: 0 }, { x: 5, y: 7 })] });
    const metres = run(plan).coverage;
    const cm = run(scale(plan, 100)).coverage;
    expect(cm.cellSizeM).toBeCloseTo(0.05, 9);
    expect(cm.plan.coverage).toBeCloseTo(metres.plan.coverage, 1);
    expect(cm.plan.identify).toBeCloseTo(metres.plan.identify, 1);
  });
});
