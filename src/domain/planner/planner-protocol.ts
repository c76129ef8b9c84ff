/**
 * The messages between the SPA and the geometry Web Worker, and the worker's side of the
 * conversation as a pure function over a PlannerEngine (so it is tested without a worker).
 * Every request carries a `seq` the reply repeats; replies carry typed arrays, which the
 * structured clone copies cheaply.
 */
import { isDomainError } from '../shared/domain-error.ts';
import type { CameraGeometry, CoverageLayer } from './camera-view.ts';
import type { AreaOfInterest, Camera, Plan, Point, Wall } from './plan.ts';
import type { CoverageSummary, PlannerEngine, PlannerUpdate, UncoveredCells } from './planner-engine.ts';

export type PlannerCommand =
  | { type: 'load'; plan: Plan }
  | { type: 'move-camera'; id: string; position: Point }
  | { type: 'rotate-camera'; id: string; headingDeg: number }
  | { type: 'upsert-camera'; camera: Camera }
  | { type: 'remove-camera'; id: string }
  | { type: 'upsert-wall'; wall: Wall }
  | { type: 'remove-wall'; id: string }
  | { type: 'set-walls'; walls: Wall[] }
  | { type: 'set-areas'; areas: AreaOfInterest[] }
  | { type: 'uncovered'; layer: CoverageLayer; areaId?: string };

export type PlannerRequest = PlannerCommand & { seq: number };

export type PlannerResult =
  | { type: 'update'; cameras: CameraGeometry[]; removed: string[]; coverage: CoverageSummary }
  | { type: 'uncovered'; cells: UncoveredCells }
  | { type: 'error'; code: string; message: string };

export type PlannerResponse = PlannerResult & { seq: number };

export function handlePlannerRequest(engine: PlannerEngine, request: PlannerRequest): PlannerResponse {
  try {
    return { seq: request.seq, ...run(engine, request) };
  } catch (e) {
    if (isDomainError(e)) return { seq: request.seq, type: 'error', code: e.code, message: e.message };
    return { seq: request.seq, type: 'error', code: 'internal', message: 'The geometry engine failed.' };
  }
}

function run(engine: PlannerEngine, c: PlannerCommand): PlannerResult {
  const update = (u: PlannerUpdate): PlannerResult => ({ type: 'update', ...u });
  switch (c.type) {
    case 'load':
      return update(engine.load(c.plan));
    case 'move-camera':
      return update(engine.moveCamera(c.id, c.position));
    case 'rotate-camera':
      return update(engine.rotateCamera(c.id, c.headingDeg));
    case 'upsert-camera':
      return update(engine.upsertCamera(c.camera));
    case 'remove-camera':
      return update(engine.removeCamera(c.id));
    case 'upsert-wall':
      return update(engine.upsertWall(c.wall));
    case 'remove-wall':
      return update(engine.removeWall(c.id));
    case 'set-walls':
      return update(engine.setWalls(c.walls));
    case 'set-areas':
      return update(engine.setAreas(c.areas));
    case 'uncovered':
      return { type: 'uncovered', cells: engine.uncovered(c.layer, c.areaId) };
  }
}
