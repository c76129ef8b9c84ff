/**
 * A camera plan as it is stored: one per drawing of a client's site. The geometry fields are the
 * engine's `Plan` (plan.ts); the rest says where the plan belongs, which floor-plan image it is
 * drawn on, how that image was scaled, and which inventory model each camera is.
 *
 * Units: on an uploaded image, plan units are image pixels and `metresPerUnit` comes from the
 * scale the installer marked (two points and the real distance between them); on a blank grid
 * plan units are metres (`metresPerUnit` 1) and `bounds` is the grid's size.
 * `version` starts at 1 and goes up by one on every save; a save naming an older version is
 * refused (optimistic concurrency: two people editing one plan never overwrite each other).
 */
import { DomainError, type FieldErrors } from '../shared/domain-error.ts';
import { MAX_CAMERAS } from './coverage-raster.ts';
import { DORI_LEVELS } from './dori.ts';
import type { AreaOfInterest, Bounds, Camera, DoriLevel, Plan, Point, Wall, WallKind } from './plan.ts';

export const WALL_KINDS = ['wall', 'glass', 'door'] as const satisfies readonly WallKind[];
export const MAX_WALLS = 2000;
export const MAX_AREAS = 200;
export const MAX_AREA_POINTS = 200;
/** Floor-plan uploads: PNG or JPEG, at most this many bytes and pixels a side. */
export const FLOOR_PLAN_TYPES = ['image/png', 'image/jpeg'] as const;
export const MAX_FLOOR_PLAN_BYTES = 15 * 1024 * 1024;
export const MAX_FLOOR_PLAN_SIDE_PX = 12_000;
/** Used for an uploaded image until the installer marks its scale (50 px a metre). */
export const UNSCALED_METRES_PER_PIXEL = 0.02;

export interface FloorPlanImage {
  path: string;
  contentType: string;
  fileName: string;
  sizeBytes: number;
  widthPx: number;
  heightPx: number;
}

/** Two points on the plan (plan units) and the real distance between them. */
export interface ScaleMark {
  a: Point;
  b: Point;
  distanceM: number;
}

export interface PlanCamera extends Camera {
  /** The inventory item (category camera) this is, or null for a custom lens. */
  itemId: string | null;
  /** The model name shown in the schedule and the bill of materials. */
  model: string;
}

export interface CameraPlanContent {
  name: string;
  /** Null on a blank grid. */
  floorPlan: FloorPlanImage | null;
  scale: ScaleMark | null;
  metresPerUnit: number;
  bounds: Bounds;
  targetHeightM: number;
  walls: Wall[];
  cameras: PlanCamera[];
  areas: AreaOfInterest[];
}

export interface CameraPlan extends CameraPlanContent {
  id: string;
  clientId: string;
  siteId: string;
  version: number;
  createdBy: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
}

/** Just the drawing fields of anything shaped like a plan (a stored plan, its DTO). */
export function cameraPlanContent<F>(p: Omit<CameraPlanContent, 'floorPlan'> & { floorPlan: F }): Omit<CameraPlanContent, 'floorPlan'> & { floorPlan: F } {
  const { name, floorPlan, scale, metresPerUnit, bounds, targetHeightM, walls, cameras, areas } = p;
  return { name, floorPlan, scale, metresPerUnit, bounds, targetHeightM, walls, cameras, areas };
}

/** The engine's view of a stored plan. */
export function toEnginePlan(p: CameraPlanContent): Plan {
  return { metresPerUnit: p.metresPerUnit, bounds: p.bounds, targetHeightM: p.targetHeightM, walls: p.walls, cameras: p.cameras, areas: p.areas };
}

/** A blank grid `widthM` × `heightM` metres. */
export function blankGridContent(name: string, widthM: number, heightM: number): CameraPlanContent {
  return { name, floorPlan: null, scale: null, metresPerUnit: 1, bounds: { minX: 0, minY: 0, maxX: widthM, maxY: heightM }, targetHeightM: 0, walls: [], cameras: [], areas: [] };
}

/** The plan drawn over a newly uploaded image: its bounds are the image, its scale unset. */
export function withFloorPlan(p: CameraPlanContent, image: FloorPlanImage): CameraPlanContent {
  return {
    ...p,
    floorPlan: image,
    scale: null,
    metresPerUnit: UNSCALED_METRES_PER_PIXEL,
    bounds: { minX: 0, minY: 0, maxX: image.widthPx, maxY: image.heightPx },
  };
}

/** Metres per plan unit from a marked distance. */
export function metresPerUnitFromScale(s: ScaleMark): number {
  return s.distanceM / Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);
}

/**
 * Checks what the shape schema cannot: unique ids, sizes, geometry that means something, a
 * scale consistent with `metresPerUnit`. Throws `validation` with per-field messages.
 */
export function validateCameraPlanContent(p: CameraPlanContent): void {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => void (errors[field] ??= []).push(message);
  if (p.name.trim().length === 0) add('name', 'Give the plan a name.');
  const b = p.bounds;
  if (![b.minX, b.minY, b.maxX, b.maxY].every(Number.isFinite) || !(b.maxX > b.minX && b.maxY > b.minY)) add('bounds', 'The plan area must not be empty.');
  if (!(p.metresPerUnit > 0) || !Number.isFinite(p.metresPerUnit)) add('metresPerUnit', 'The scale must be positive.');
  if (p.scale) {
    const len = Math.hypot(p.scale.b.x - p.scale.a.x, p.scale.b.y - p.scale.a.y);
    if (!(len > 0)) add('scale', 'Mark two different points for the scale.');
    else if (!(p.scale.distanceM > 0)) add('scale', 'The real distance must be more than 0.');
    else if (Math.abs(metresPerUnitFromScale(p.scale) / p.metresPerUnit - 1) > 1e-6) add('scale', 'The scale does not match the marked distance.');
  }
  if (!(p.targetHeightM >= 0 && p.targetHeightM <= 10)) add('targetHeightM', 'Target height is 0 to 10 m.');
  if (p.walls.length > MAX_WALLS) add('walls', `A plan holds at most ${MAX_WALLS} walls.`);
  if (p.cameras.length > MAX_CAMERAS) add('cameras', `A plan holds at most ${MAX_CAMERAS} cameras.`);
  if (p.areas.length > MAX_AREAS) add('areas', `A plan holds at most ${MAX_AREAS} areas of interest.`);
  checkUnique(p.walls, 'walls', add);
  checkUnique(p.cameras, 'cameras', add);
  checkUnique(p.areas, 'areas', add);
  p.walls.forEach((w, i) => {
    if (!finitePoint(w.a) || !finitePoint(w.b)) add(`walls.${i}`, 'Wall ends must be numbers.');
    else if (w.a.x === w.b.x && w.a.y === w.b.y) add(`walls.${i}`, 'A wall needs two different ends.');
  });
  p.cameras.forEach((c, i) => {
    for (const message of cameraProblems(c)) add(`cameras.${i}`, message);
  });
  p.areas.forEach((a, i) => {
    if (a.polygon.length < 3 || a.polygon.length > MAX_AREA_POINTS) add(`areas.${i}`, `An area needs 3 to ${MAX_AREA_POINTS} corners.`);
    else if (!a.polygon.every(finitePoint)) add(`areas.${i}`, 'Area corners must be numbers.');
    else if (polygonArea(a.polygon) === 0) add(`areas.${i}`, 'An area must enclose some floor.');
    if (!(DORI_LEVELS as readonly DoriLevel[]).includes(a.required)) add(`areas.${i}`, 'Pick the DORI level the area needs.');
  });
  if (Object.keys(errors).length > 0) throw new DomainError('validation', 'The plan has problems to fix before it can be saved.', errors);
}

/** What is wrong with one camera, as messages a person can act on. */
export function cameraProblems(c: PlanCamera): string[] {
  const out: string[] = [];
  const label = c.label ?? c.model;
  if (!finitePoint(c.position)) out.push(`${label}: the position must be numbers.`);
  if (!(c.hfovDeg > 0 && c.hfovDeg <= 360)) out.push(`${label}: the field of view is more than 0° and at most 360°.`);
  if (!(c.hres >= 160 && c.hres <= 16_000)) out.push(`${label}: the resolution is 160 to 16 000 px.`);
  if (c.rangeM !== undefined && !(c.rangeM > 0 && c.rangeM <= 500)) out.push(`${label}: the range is more than 0 and at most 500 m.`);
  if (!(c.mountHeightM >= 0 && c.mountHeightM <= 50)) out.push(`${label}: the mounting height is 0 to 50 m.`);
  if (!(c.tiltDeg >= 0 && c.tiltDeg <= 90)) out.push(`${label}: the tilt is 0° to 90° below the horizon.`);
  if (!Number.isFinite(c.headingDeg)) out.push(`${label}: the heading must be a number.`);
  return out;
}

function checkUnique(items: readonly { id: string }[], field: string, add: (field: string, message: string) => void): void {
  const seen = new Set<string>();
  for (const { id } of items) {
    if (seen.has(id)) add(field, `The id ${id} is used twice.`);
    seen.add(id);
  }
}

const finitePoint = (p: Point): boolean => Number.isFinite(p.x) && Number.isFinite(p.y);

function polygonArea(points: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const q = points[(i + 1) % points.length]!;
    a += p.x * q.y - q.x * p.y;
  }
  return Math.abs(a) / 2;
}

/** Refuses a save made from an older copy than the stored one. */
export function checkVersion(stored: number, claimed: number): void {
  if (stored !== claimed) {
    throw new DomainError(
      'conflict',
      `Someone else saved this plan after you opened it (you edited version ${claimed}, the saved one is version ${stored}). Your changes were not saved: reload the plan and make them again.`,
    );
  }
}
