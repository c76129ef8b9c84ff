/** Small factories for planner tests and the planner bench: cameras, walls, rooms, random scenes. */
import type { AreaOfInterest, Camera, Plan, Point, Wall, WallKind } from '../../../src/domain/planner/plan.ts';

/** Seeded PRNG (mulberry32): the same seed gives the same scene on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let n = 0;
const nextId = (prefix: string) => `${prefix}-${++n}`;

export function aCamera(overrides: Partial<Camera> = {}): Camera {
  return {
    id: nextId('cam'),
    position: { x: 0, y: 0 },
    headingDeg: 0,
    hfovDeg: 90,
    mountHeightM: 0,
    tiltDeg: 0,
    hres: 1920,
    ...overrides,
  };
}

export function aWall(a: Point, b: Point, kind: WallKind = 'wall', open?: boolean): Wall {
  return { id: nextId('wall'), a, b, kind, ...(open === undefined ? {} : { open }) };
}

/** The four walls of a w × h room with its corner at the origin. */
export function roomWalls(w: number, h: number): Wall[] {
  return [
    aWall({ x: 0, y: 0 }, { x: w, y: 0 }),
    aWall({ x: w, y: 0 }, { x: w, y: h }),
    aWall({ x: w, y: h }, { x: 0, y: h }),
    aWall({ x: 0, y: h }, { x: 0, y: 0 }),
  ];
}

export function anArea(polygon: Point[], overrides: Partial<AreaOfInterest> = {}): AreaOfInterest {
  return { id: nextId('area'), polygon, required: 'observe', ...overrides };
}

export function rect(x0: number, y0: number, x1: number, y1: number): Point[] {
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

/** A w × h room in metres with the given cameras, walls inside it and areas. */
export function aRoomPlan(w: number, h: number, parts: Partial<Plan> = {}): Plan {
  return {
    metresPerUnit: 1,
    bounds: { minX: 0, minY: 0, maxX: w, maxY: h },
    cameras: [],
    areas: [],
    ...parts,
    walls: [...roomWalls(w, h), ...(parts.walls ?? [])],
  };
}

export interface RandomSceneOptions {
  width: number;
  height: number;
  walls: number;
  cameras: number;
  /** Camera range in metres; the detect distance when absent. */
  rangeM?: number;
  mountHeightM?: number;
  tiltDeg?: number;
}

/**
 * A floor of rooms: an outer wall, a grid of interior walls with door gaps, some glass, some
 * doors open and closed, and short free-standing walls (shelves, partitions) up to `walls`.
 */
export function aRandomScene(random: () => number, o: RandomSceneOptions): Plan {
  const { width: w, height: h } = o;
  const walls: Wall[] = [...roomWalls(w, h)];
  const room = Math.max(3, Math.sqrt((w * h) / Math.max(1, o.walls / 8)));
  const kinds = (): [WallKind, boolean | undefined] => {
    const r = random();
    if (r < 0.1) return ['glass', undefined];
    if (r < 0.2) return ['door', random() < 0.5];
    return ['wall', undefined];
  };
  const split = (a: Point, b: Point) => {
    // a wall with a 1 m door gap somewhere along it, half of the time
    if (walls.length >= o.walls) return;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (random() < 0.5 && len > 2) {
      const t0 = (0.2 + 0.5 * random()) * len;
      const p = (t: number) => ({ x: a.x + ((b.x - a.x) * t) / len, y: a.y + ((b.y - a.y) * t) / len });
      walls.push(aWall(a, p(t0)));
      if (walls.length < o.walls) walls.push(aWall(p(t0 + 1), b));
    } else {
      const [kind, open] = kinds();
      walls.push(aWall(a, b, kind, open));
    }
  };
  for (let x = room; x < w - 1; x += room) for (let y = 0; y < h; y += room) split({ x, y }, { x, y: Math.min(h, y + room) });
  for (let y = room; y < h - 1; y += room) for (let x = 0; x < w; x += room) split({ x, y }, { x: Math.min(w, x + room), y });
  while (walls.length < o.walls) {
    const a = { x: random() * w, y: random() * h };
    const ang = random() * 2 * Math.PI;
    const len = 0.5 + 2.5 * random();
    const b = { x: Math.min(w, Math.max(0, a.x + Math.cos(ang) * len)), y: Math.min(h, Math.max(0, a.y + Math.sin(ang) * len)) };
    const [kind, open] = kinds();
    walls.push(aWall(a, b, kind, open));
  }
  const cameras = Array.from({ length: o.cameras }, () =>
    aCamera({
      position: { x: 0.5 + random() * (w - 1), y: 0.5 + random() * (h - 1) },
      headingDeg: random() * 360,
      hfovDeg: 50 + random() * 70,
      hres: random() < 0.5 ? 1920 : 2688,
      mountHeightM: o.mountHeightM ?? 0,
      tiltDeg: o.tiltDeg ?? 0,
      ...(o.rangeM === undefined ? {} : { rangeM: o.rangeM }),
    }),
  );
  return { metresPerUnit: 1, bounds: { minX: 0, minY: 0, maxX: w, maxY: h }, walls, cameras, areas: [] };
}
