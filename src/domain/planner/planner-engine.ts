/**
 * Holds one plan and keeps its geometry current: each camera's polygons and raster spans, and
 * the coverage raster. Edits recompute only what they touch: moving a camera recasts that
 * camera and swaps its spans; a wall edit recasts the cameras within reach of the wall; areas
 * of interest or a new plan rebuild the raster. Pure and synchronous: the SPA runs it in a Web
 * Worker, the server when it renders a PDF.
 */
import { DomainError } from '../shared/domain-error.ts';
import type { CameraGeometry, CoverageLayer } from './camera-view.ts';
import { COVERAGE_LAYERS, cameraGeometry } from './camera-view.ts';
import type { Spans } from './coverage-raster.ts';
import { CoverageRaster, MAX_CAMERAS } from './coverage-raster.ts';
import type { AreaOfInterest, Bounds, Camera, DoriLevel, Plan, Point, Wall } from './plan.ts';
import { isOpaque } from './plan.ts';
import { ringFromPoints, segmentTouchesRing } from './polygon.ts';
import { SegmentGrid } from './segment-grid.ts';
import type { VisibilityOptions } from './visibility.ts';
import { VisibilityCaster } from './visibility.ts';

export type CoverageFigures = Record<CoverageLayer, number>;

export interface AreaCoverage {
  id: string;
  name?: string;
  required: DoriLevel;
  /** Percent of the area covered per layer. */
  percent: CoverageFigures;
  /** Percent of the area seen at its required DORI level. */
  requiredPercent: number;
}

export interface CoverageSummary {
  /** Percent of the plan's floor covered per layer. */
  plan: CoverageFigures;
  areas: AreaCoverage[];
  cellSizeM: number;
  planAreaM2: number;
}

export interface UncoveredCells {
  layer: CoverageLayer;
  minX: number;
  minY: number;
  /** Cell size in plan units. */
  cell: number;
  /** [row, firstCol, endCol) triples. */
  runs: Int32Array;
}

export interface PlannerUpdate {
  /** Cameras whose geometry changed. */
  cameras: CameraGeometry[];
  removed: string[];
  coverage: CoverageSummary;
}

export interface PlannerEngineOptions {
  /** Raster cell edge (m); grown when the plan would need more than `maxCells`. */
  cellSizeM: number;
  maxCells: number;
  /** Largest gap between a circle and its polyline (m). */
  arcToleranceM: number;
  /** Offset of the rays cast beside each wall end (radians). */
  epsilon: number;
}

export const DEFAULT_PLANNER_OPTIONS: PlannerEngineOptions = {
  cellSizeM: 0.05,
  maxCells: 4_000_000,
  arcToleranceM: 0.005,
  epsilon: 1e-7,
};

interface CameraState {
  camera: Camera;
  geometry: CameraGeometry;
  spans: Spans;
}

export class PlannerEngine {
  private readonly options: PlannerEngineOptions;
  private plan: Plan = { metresPerUnit: 1, walls: [], cameras: [], areas: [] };
  private readonly caster: VisibilityCaster;
  private raster: CoverageRaster | null = null;
  private readonly cameras = new Map<string, CameraState>();

  constructor(options: Partial<PlannerEngineOptions> = {}) {
    this.options = { ...DEFAULT_PLANNER_OPTIONS, ...options };
    this.caster = new VisibilityCaster(new SegmentGrid(new Float64Array(0)), this.casterOptions());
  }

  load(plan: Plan): PlannerUpdate {
    validatePlan(plan);
    this.plan = { ...plan, walls: [...plan.walls], cameras: [], areas: [...plan.areas] };
    this.resetCaster();
    this.raster = this.makeRaster();
    const removed = [...this.cameras.keys()];
    this.cameras.clear();
    for (const camera of plan.cameras) this.place(camera);
    return this.update(
      plan.cameras.map((c) => c.id),
      removed.filter((id) => !this.cameras.has(id)),
    );
  }

  /** Adds a camera or replaces the one with the same id. */
  upsertCamera(camera: Camera): PlannerUpdate {
    validateCamera(camera);
    if (!this.cameras.has(camera.id) && this.cameras.size >= MAX_CAMERAS) throw tooManyCameras();
    this.place(camera);
    return this.update([camera.id], []);
  }

  moveCamera(id: string, position: Point): PlannerUpdate {
    return this.upsertCamera({ ...this.state(id).camera, position });
  }

  rotateCamera(id: string, headingDeg: number): PlannerUpdate {
    return this.upsertCamera({ ...this.state(id).camera, headingDeg });
  }

  removeCamera(id: string): PlannerUpdate {
    const s = this.state(id);
    this.rasterOrThrow().remove(s.spans);
    this.cameras.delete(id);
    return this.update([], [id]);
  }

  /** Replaces every wall: rebuilds the segment grid and recasts every camera. */
  setWalls(walls: Wall[]): PlannerUpdate {
    this.plan = { ...this.plan, walls: [...walls] };
    this.resetCaster();
    return this.recastAll();
  }

  /** Adds or changes one wall: recasts only the cameras that can reach it. */
  upsertWall(wall: Wall): PlannerUpdate {
    const old = this.plan.walls.find((w) => w.id === wall.id);
    const walls = old ? this.plan.walls.map((w) => (w.id === wall.id ? wall : w)) : [...this.plan.walls, wall];
    return this.editWalls(walls, old ? [old, wall] : [wall]);
  }

  removeWall(id: string): PlannerUpdate {
    const old = this.plan.walls.find((w) => w.id === id);
    if (!old) throw new DomainError('not-found', `No wall ${id} on this plan.`);
    return this.editWalls(
      this.plan.walls.filter((w) => w.id !== id),
      [old],
    );
  }

  setAreas(areas: AreaOfInterest[]): PlannerUpdate {
    this.plan = { ...this.plan, areas: [...areas] };
    this.raster = this.makeRaster();
    for (const s of this.cameras.values()) {
      s.spans = this.raster.rasterize(s.geometry.layers);
      this.raster.add(s.spans);
    }
    return this.update([], []);
  }

  coverage(): CoverageSummary {
    const raster = this.rasterOrThrow();
    const pct = (f: (layer: number) => number) =>
      Object.fromEntries(COVERAGE_LAYERS.map((l, i) => [l, 100 * f(i)])) as CoverageFigures;
    const mpu = this.plan.metresPerUnit;
    return {
      plan: pct((i) => raster.planFraction(i)),
      areas: this.plan.areas.map((a, k) => {
        const percent = pct((i) => raster.areaFraction(k, i));
        return { id: a.id, ...(a.name === undefined ? {} : { name: a.name }), required: a.required, percent, requiredPercent: percent[a.required] };
      }),
      cellSizeM: raster.cell * mpu,
      planAreaM2: raster.cellCount * (raster.cell * mpu) ** 2,
    };
  }

  uncovered(layer: CoverageLayer, areaId?: string): UncoveredCells {
    const raster = this.rasterOrThrow();
    let area: number | undefined;
    if (areaId !== undefined) {
      area = this.plan.areas.findIndex((a) => a.id === areaId);
      if (area < 0) throw new DomainError('not-found', `No area of interest ${areaId} on this plan.`);
    }
    return { layer, minX: raster.minX, minY: raster.minY, cell: raster.cell, runs: raster.uncoveredRuns(COVERAGE_LAYERS.indexOf(layer), area) };
  }

  geometry(id: string): CameraGeometry {
    return this.state(id).geometry;
  }

  geometries(): CameraGeometry[] {
    return [...this.cameras.values()].map((s) => s.geometry);
  }

  private editWalls(walls: Wall[], touched: Wall[]): PlannerUpdate {
    this.plan = { ...this.plan, walls };
    this.resetCaster();
    const affected = [...this.cameras.values()]
      .filter((s) => touched.some((w) => this.canReach(s, w)))
      .map((s) => s.camera.id);
    return this.recast(affected);
  }

  /**
   * A wall changes what a camera sees only if it touches the region the camera sees now: a
   * wall being added must cut into it, a wall being removed must have bounded it.
   */
  private canReach(s: CameraState, wall: Wall): boolean {
    return segmentTouchesRing(s.geometry.sight, wall.a.x, wall.a.y, wall.b.x, wall.b.y, 1e-6 / this.plan.metresPerUnit);
  }

  /** Every camera again: cheaper to clear the raster than to subtract each camera. */
  private recastAll(): PlannerUpdate {
    const raster = this.rasterOrThrow();
    raster.clear();
    const ids = [...this.cameras.keys()];
    for (const id of ids) this.place(this.state(id).camera, false);
    return this.update(ids, []);
  }

  private recast(ids: string[]): PlannerUpdate {
    for (const id of ids) this.place(this.state(id).camera);
    return this.update(ids, []);
  }

  private place(camera: Camera, subtractOld = true): void {
    const raster = this.rasterOrThrow();
    const old = this.cameras.get(camera.id);
    if (old && subtractOld) raster.remove(old.spans);
    const { metresPerUnit, targetHeightM = 0 } = this.plan;
    const geometry = cameraGeometry(this.caster, camera, metresPerUnit, targetHeightM, this.options.arcToleranceM / metresPerUnit);
    const spans = raster.rasterize(geometry.layers);
    raster.add(spans);
    this.cameras.set(camera.id, { camera, geometry, spans });
  }

  private update(changed: string[], removed: string[]): PlannerUpdate {
    return { cameras: changed.map((id) => this.state(id).geometry), removed, coverage: this.coverage() };
  }

  private state(id: string): CameraState {
    const s = this.cameras.get(id);
    if (!s) throw new DomainError('not-found', `No camera ${id} on this plan.`);
    return s;
  }

  private rasterOrThrow(): CoverageRaster {
    if (!this.raster) throw new DomainError('conflict', 'Load a plan first.');
    return this.raster;
  }

  private resetCaster(): void {
    const opaque = this.plan.walls.filter(isOpaque);
    const coords = new Float64Array(opaque.length * 4);
    opaque.forEach((w, i) => coords.set([w.a.x, w.a.y, w.b.x, w.b.y], 4 * i));
    this.caster.reset(new SegmentGrid(coords), this.casterOptions());
  }

  private casterOptions(): VisibilityOptions {
    const mpu = this.plan.metresPerUnit;
    return {
      epsilon: this.options.epsilon,
      contactDistance: 1e-4 / mpu,
      nudgeDistance: 1e-3 / mpu,
      arcTolerance: this.options.arcToleranceM / mpu,
    };
  }

  private makeRaster(): CoverageRaster {
    const b = planBounds(this.plan);
    const mpu = this.plan.metresPerUnit;
    const area = (b.maxX - b.minX) * (b.maxY - b.minY);
    const cell = Math.max(this.options.cellSizeM / mpu, Math.sqrt(area / this.options.maxCells));
    return new CoverageRaster(
      b,
      cell,
      this.plan.areas.map((a) => ringFromPoints(a.polygon)),
      this.raster ?? undefined,
    );
  }
}

/** The plan's own bounds, or the box around everything drawn on it. */
export function planBounds(plan: Plan): Bounds {
  if (plan.bounds) return plan.bounds;
  const pts: Point[] = [...plan.walls.flatMap((w) => [w.a, w.b]), ...plan.areas.flatMap((a) => a.polygon), ...plan.cameras.map((c) => c.position)];
  if (pts.length === 0) return { minX: 0, minY: 0, maxX: 10 / plan.metresPerUnit, maxY: 10 / plan.metresPerUnit };
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const b = { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
  const pad = 0.5 / plan.metresPerUnit;
  if (b.maxX - b.minX < pad) b.maxX = b.minX + pad;
  if (b.maxY - b.minY < pad) b.maxY = b.minY + pad;
  return b;
}

function validatePlan(plan: Plan): void {
  if (!(plan.metresPerUnit > 0)) throw new DomainError('validation', 'The plan needs a scale.', { metresPerUnit: ['must be positive'] });
  const b = plan.bounds;
  if (b && !(b.maxX > b.minX && b.maxY > b.minY)) throw new DomainError('validation', 'The plan bounds are empty.', { bounds: ['must not be empty'] });
  plan.cameras.forEach(validateCamera);
  if (plan.cameras.length > MAX_CAMERAS) throw tooManyCameras();
}

function tooManyCameras(): DomainError {
  return new DomainError('validation', `A plan holds at most ${MAX_CAMERAS} cameras.`, { cameras: [`at most ${MAX_CAMERAS}`] });
}

function validateCamera(camera: Camera): void {
  const fields: Record<string, string[]> = {};
  if (!(camera.hfovDeg > 0 && camera.hfovDeg <= 360)) fields.hfovDeg = ['must be in (0, 360]'];
  if (!(camera.hres > 0)) fields.hres = ['must be positive'];
  if (camera.rangeM !== undefined && !(camera.rangeM >= 0)) fields.rangeM = ['must not be negative'];
  if (!(camera.mountHeightM >= 0)) fields.mountHeightM = ['must not be negative'];
  if (!Number.isFinite(camera.position.x) || !Number.isFinite(camera.position.y)) fields.position = ['must be finite'];
  if (Object.keys(fields).length > 0) throw new DomainError('validation', `Camera ${camera.id} is not valid.`, fields);
}
