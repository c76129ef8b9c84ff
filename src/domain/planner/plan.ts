/**
 * A camera plan as the installer draws it. Positions are in plan units (image pixels of the
 * floor plan, or metres when drawn on a blank grid); `metresPerUnit` turns them into metres.
 * Physical quantities (range, mounting height) are always metres; angles are degrees.
 * Heading 0 points along +x and grows toward +y (clockwise on a screen whose y points down).
 */
export interface Point {
  x: number;
  y: number;
}

/** Walls block the view; glass does not; a door blocks only when closed. */
export type WallKind = 'wall' | 'glass' | 'door';

export interface Wall {
  id: string;
  a: Point;
  b: Point;
  kind: WallKind;
  /** Doors only: an open door does not block the view. */
  open?: boolean;
}

export interface Camera {
  id: string;
  position: Point;
  headingDeg: number;
  /** Horizontal field of view, (0, 360]. See `hfovFromLens` for focal length + sensor width. */
  hfovDeg: number;
  /** Vertical field of view; estimated from hfov and a 16:9 sensor when absent. */
  vfovDeg?: number;
  /** How far the camera is considered to see; defaults to its DORI detect distance. */
  rangeM?: number;
  mountHeightM: number;
  /** Degrees below the horizon (0 = level, 90 = straight down). */
  tiltDeg: number;
  /** Horizontal resolution in pixels. */
  hres: number;
  label?: string;
}

/** IEC EN 62676-4 DORI levels, weakest first. */
export type DoriLevel = 'detect' | 'observe' | 'recognise' | 'identify';

export interface AreaOfInterest {
  id: string;
  name?: string;
  polygon: Point[];
  required: DoriLevel;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Plan {
  /** Metres per plan unit (1 when the plan is drawn in metres). */
  metresPerUnit: number;
  /** The floor the coverage % refers to; the bounding box of everything drawn when absent. */
  bounds?: Bounds;
  /** Height above the floor of what must be seen (0 = the floor); shapes the blind zone. */
  targetHeightM?: number;
  walls: Wall[];
  cameras: Camera[];
  areas: AreaOfInterest[];
}

/** Walls and closed doors block the view; glass and open doors do not. */
export function isOpaque(wall: Wall): boolean {
  if (wall.kind === 'glass') return false;
  if (wall.kind === 'door') return wall.open !== true;
  return true;
}
