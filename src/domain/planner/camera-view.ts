/**
 * Everything one camera contributes: its visible area per coverage layer (plain coverage up to
 * its range, then each DORI level), with the blind zone under it removed.
 *
 * The blind zone: a rectilinear camera at height h tilted τ below the horizon with vertical FOV
 * v sees the floor (or the target height t) no nearer than (h − t) / tan(τ + v/2), measured
 * along its heading — the lower image edge projects onto a line across the heading, so the
 * blind zone is the half-plane in front of that line. When the upper edge points below the
 * horizon (τ > v/2) the same reasoning caps the range at (h − t) / tan(τ − v/2).
 * Distances are horizontal; for fields of view of 180° and more no blind zone is modelled.
 */
import { DORI_LEVELS, doriDistances, estimateVfov } from './dori.ts';
import type { Camera, DoriLevel } from './plan.ts';
import type { Ring } from './polygon.ts';
import { clipRingToHalfPlane, clipStarToDisc } from './polygon.ts';
import type { VisibilityCaster } from './visibility.ts';
import { arcStepFor } from './visibility.ts';

export const COVERAGE_LAYERS = ['coverage', 'detect', 'observe', 'recognise', 'identify'] as const;
export type CoverageLayer = (typeof COVERAGE_LAYERS)[number];
export const LAYER_COUNT = COVERAGE_LAYERS.length;

const RAD = Math.PI / 180;

export interface CameraGeometry {
  id: string;
  /** Visible area per layer, in COVERAGE_LAYERS order, blind zone removed; plan units. */
  layers: Ring[];
  /** Everything in the camera's line of sight within its range, blind zone included. */
  sight: Ring;
  /** The part of the visible area the camera cannot see because it looks over it. */
  blindZone: Ring;
  rangeM: number;
  blindDistanceM: number;
  doriM: Record<DoriLevel, number>;
}

export interface ViewLimits {
  rangeM: number;
  blindDistanceM: number;
  doriM: Record<DoriLevel, number>;
}

export function viewLimits(camera: Camera, targetHeightM: number): ViewLimits {
  const doriM = doriDistances(camera.hres, camera.hfovDeg);
  const vfov = camera.vfovDeg ?? estimateVfov(camera.hfovDeg);
  const drop = camera.mountHeightM - targetHeightM;
  let rangeM = camera.rangeM ?? doriM.detect;
  let blindDistanceM = 0;
  if (drop > 0 && camera.hfovDeg < 180) {
    const lower = camera.tiltDeg + vfov / 2;
    if (lower > 0 && lower < 90) blindDistanceM = drop / Math.tan(lower * RAD);
    const upper = camera.tiltDeg - vfov / 2;
    if (upper > 0) rangeM = Math.min(rangeM, upper >= 90 ? 0 : drop / Math.tan(upper * RAD));
  }
  return { rangeM, blindDistanceM, doriM };
}

export function cameraGeometry(
  caster: VisibilityCaster,
  camera: Camera,
  metresPerUnit: number,
  targetHeightM: number,
  arcTolerance: number,
): CameraGeometry {
  const limits = viewLimits(camera, targetHeightM);
  const heading = camera.headingDeg * RAD;
  const hfov = Math.min(360, Math.max(0.01, camera.hfovDeg)) * RAD;
  const range = limits.rangeM / metresPerUnit;
  const empty = new Float64Array(0);
  if (!(range > 0)) {
    return { id: camera.id, layers: COVERAGE_LAYERS.map(() => empty), sight: empty, blindZone: empty, ...limits };
  }
  const visible = caster.cast({ x: camera.position.x, y: camera.position.y, heading, hfov, range });
  const full = hfov >= 2 * Math.PI - 1e-9;
  const ax = full ? camera.position.x : visible[0]!;
  const ay = full ? camera.position.y : visible[1]!;
  const layers: Ring[] = [visible];
  for (const level of DORI_LEVELS) {
    const d = Math.min(limits.doriM[level], limits.rangeM) / metresPerUnit;
    layers.push(d >= range ? visible : clipStarToDisc(visible, ax, ay, d, arcStepFor(d, arcTolerance)));
  }
  let blindZone: Ring = empty;
  if (limits.blindDistanceM > 0 && visible.length > 0) {
    const hx = Math.cos(heading);
    const hy = Math.sin(heading);
    const c = hx * ax + hy * ay + limits.blindDistanceM / metresPerUnit;
    blindZone = clipRingToHalfPlane(visible, -hx, -hy, -c);
    const raw = layers.slice();
    for (let i = 0; i < raw.length; i++) {
      layers[i] = i > 0 && raw[i] === raw[i - 1] ? layers[i - 1]! : clipRingToHalfPlane(raw[i]!, hx, hy, c);
    }
  }
  return { id: camera.id, layers, sight: visible, blindZone, ...limits };
}
