import { useCallback, useEffect, useRef, useState } from 'react';
import type { CameraGeometry } from '#domain/planner/camera-view.ts';
import type { Plan } from '#domain/planner/plan.ts';
import type { CoverageSummary, PlannerUpdate, UncoveredCells } from '#domain/planner/planner-engine.ts';
import type { Drawing } from './drawing.ts';
import type { GeometryClient } from './geometry-client.ts';
import { startGeometryWorker } from './start-geometry-worker.ts';

export const enginePlan = (d: Drawing): Plan => ({
  metresPerUnit: d.metresPerUnit,
  bounds: d.bounds,
  targetHeightM: d.targetHeightM,
  walls: d.walls,
  areas: d.areas,
  cameras: d.cameras,
});

/** An area counts as covered at its DORI level from this percentage (raster rounding aside). */
export const MET_PERCENT = 99.95;

/** The uncovered raster runs of an area as one SVG path (plan units). */
export function uncoveredPath(cells: UncoveredCells): string {
  const parts: string[] = [];
  const { runs, cell, minX, minY } = cells;
  for (let i = 0; i < runs.length; i += 3) {
    const y = minY + runs[i]! * cell;
    const x = minX + runs[i + 1]! * cell;
    parts.push(`M${x} ${y}h${(runs[i + 2]! - runs[i + 1]!) * cell}v${cell}h${-(runs[i + 2]! - runs[i + 1]!) * cell}Z`);
  }
  return parts.join('');
}

export interface PlanGeometry {
  geometries: ReadonlyMap<string, CameraGeometry>;
  /** Per area that misses its DORI level: where it is not seen at that level (empty while dragging). */
  uncovered: ReadonlyMap<string, string>;
  coverage: CoverageSummary | null;
  error: string | null;
  /** Live drag/rotate of one camera (coalesced in the client); the drawing itself is unchanged. */
  move(id: string, position: { x: number; y: number }): void;
  rotate(id: string, headingDeg: number): void;
}

/**
 * Keeps the worker's engine in step with the drawing: every committed drawing is loaded whole
 * (≤ 16 ms at 64 cameras × 500 walls, off the UI thread); drags and rotations between commits
 * go as single-camera updates. Answers for an older drawing are dropped.
 */
export function usePlanGeometry(drawing: Drawing): PlanGeometry {
  const client = useRef<GeometryClient | null>(null);
  const generation = useRef(0);
  const [geometries, setGeometries] = useState<ReadonlyMap<string, CameraGeometry>>(new Map());
  const [coverage, setCoverage] = useState<CoverageSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uncovered, setUncovered] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    const c = startGeometryWorker();
    client.current = c;
    return () => {
      client.current = null;
      c.dispose();
    };
  }, []);

  useEffect(() => {
    const c = client.current;
    if (!c) return;
    const mine = ++generation.current;
    c.load(enginePlan(drawing)).then(
      (u) => {
        if (mine !== generation.current) return;
        setGeometries(new Map(u.cameras.map((g) => [g.id, g])));
        setCoverage(u.coverage);
        setError(null);
        const unmet = u.coverage.areas.filter((a) => a.requiredPercent < MET_PERCENT);
        void Promise.all(unmet.map(async (a) => [a.id, uncoveredPath(await c.uncovered(a.required, a.id))] as const)).then(
          (paths) => mine === generation.current && setUncovered(new Map(paths)),
          () => undefined,
        );
      },
      (e: Error) => {
        if (mine === generation.current && (e as { code?: string }).code !== 'disposed') setError(e.message);
      },
    );
  }, [drawing]);

  const apply = useCallback((mine: number, u: PlannerUpdate) => {
    if (mine !== generation.current) return;
    setUncovered((prev) => (prev.size === 0 ? prev : new Map()));
    setGeometries((prev) => {
      const next = new Map(prev);
      for (const g of u.cameras) next.set(g.id, g);
      return next;
    });
    setCoverage(u.coverage);
  }, []);

  const move = useCallback(
    (id: string, position: { x: number; y: number }) => {
      const mine = generation.current;
      client.current?.moveCamera(id, position).then((u) => apply(mine, u), () => undefined);
    },
    [apply],
  );
  const rotate = useCallback(
    (id: string, headingDeg: number) => {
      const mine = generation.current;
      client.current?.rotateCamera(id, headingDeg).then((u) => apply(mine, u), () => undefined);
    },
    [apply],
  );
  return { geometries, uncovered, coverage, error, move, rotate };
}
