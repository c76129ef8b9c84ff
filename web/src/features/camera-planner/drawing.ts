/**
 * The editor's document: what a save sends (less the version), with undo/redo kept as whole
 * snapshots — plans are small (a few hundred walls at most), and snapshots make undo exact.
 */
import type { AreaDto, CameraPlanDto, CameraPlanSave, PlanCameraDto, WallDto } from '#contracts/camera-plans.ts';
import type { InventoryItemDto } from '#contracts/inventory.ts';
import { cameraPlanContent } from '#domain/planner/camera-plan.ts';

export type Drawing = Omit<CameraPlanSave, 'version' | 'targetHeightM'> & { targetHeightM: number };

export interface History {
  past: Drawing[];
  present: Drawing;
  future: Drawing[];
}

const LIMIT = 200;

export function drawingOf(p: CameraPlanDto): Drawing {
  const { floorPlan: _image, ...drawing } = cameraPlanContent(p);
  return drawing;
}

export const startHistory = (d: Drawing): History => ({ past: [], present: d, future: [] });

/** A change that can be undone. */
export function commit(h: History, next: Drawing): History {
  if (next === h.present) return h;
  return { past: [...h.past, h.present].slice(-LIMIT), present: next, future: [] };
}

export function undo(h: History): History {
  const prev = h.past.at(-1);
  return prev ? { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] } : h;
}

export function redo(h: History): History {
  const [next, ...rest] = h.future;
  return next ? { past: [...h.past, h.present], present: next, future: rest } : h;
}

export const updateCamera = (d: Drawing, id: string, patch: Partial<PlanCameraDto>): Drawing => ({
  ...d,
  cameras: d.cameras.map((c) => (c.id === id ? { ...c, ...patch } : c)),
});

export const updateWall = (d: Drawing, id: string, patch: Partial<WallDto>): Drawing => ({ ...d, walls: d.walls.map((w) => (w.id === id ? { ...w, ...patch } : w)) });
export const updateArea = (d: Drawing, id: string, patch: Partial<AreaDto>): Drawing => ({ ...d, areas: d.areas.map((a) => (a.id === id ? { ...a, ...patch } : a)) });

export type Selection = { kind: 'camera' | 'wall' | 'area'; id: string } | null;

export type Tool = 'select' | 'wall' | 'glass' | 'door' | 'area' | 'camera' | 'scale';

type Pt = { x: number; y: number };

/** The rectangle two corners span. */
export const rectOf = (a: Pt, b: Pt) => ({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) });

export function removeSelected(d: Drawing, s: Selection): Drawing {
  if (!s) return d;
  if (s.kind === 'camera') return { ...d, cameras: d.cameras.filter((c) => c.id !== s.id) };
  if (s.kind === 'wall') return { ...d, walls: d.walls.filter((w) => w.id !== s.id) };
  return { ...d, areas: d.areas.filter((a) => a.id !== s.id) };
}

/** Horizontal FOV of a camera model: its own, else from focal length and sensor width. */
export function itemHfov(item: InventoryItemDto): number | null {
  const c = item.camera;
  if (!c) return null;
  if (c.horizontalFovDeg) return c.horizontalFovDeg;
  if (c.focalLengthMm && c.sensorWidthMm) return hfovFromLens(c.focalLengthMm, c.sensorWidthMm);
  return null;
}

export const hfovFromLens = (focalMm: number, sensorMm: number): number => (2 * Math.atan(sensorMm / (2 * focalMm)) * 180) / Math.PI;

/** A new camera at `at`, of an inventory model when one is given, else a custom 2.8 mm lens. */
export function newCamera(id: string, index: number, at: { x: number; y: number }, item: InventoryItemDto | null): PlanCameraDto {
  const hfov = item ? itemHfov(item) : null;
  return {
    id,
    itemId: item ? item.id : null,
    model: item ? item.name : 'Custom lens',
    label: `C${index}`,
    position: at,
    headingDeg: 0,
    hfovDeg: Math.round((hfov ?? 90) * 10) / 10,
    mountHeightM: 2.7,
    tiltDeg: 15,
    hres: item?.camera?.horizontalResolutionPx ?? 1920,
  };
}

/** The next free id with this prefix. */
export function nextId(prefix: string, taken: readonly { id: string }[]): string {
  let n = taken.length + 1;
  const ids = new Set(taken.map((t) => t.id));
  while (ids.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

export const asSave = (d: Drawing, version: number): CameraPlanSave => ({ ...d, version });
