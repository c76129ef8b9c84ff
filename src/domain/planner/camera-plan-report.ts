/**
 * What the exported PDF shows, computed from a stored plan with the same engine the editor
 * runs (so the printed figures are the ones the installer saw), and the port that lays it out.
 */
import type { BomLine } from './bill-of-materials.ts';
import type { CameraGeometry } from './camera-view.ts';
import type { CameraPlan } from './camera-plan.ts';
import { toEnginePlan } from './camera-plan.ts';
import type { CoverageSummary } from './planner-engine.ts';
import { PlannerEngine } from './planner-engine.ts';

export interface CameraPlanReport {
  plan: CameraPlan;
  clientName: string | null;
  siteLabel: string | null;
  /** Already formatted in the company's time zone. */
  generatedAt: string;
  image: { bytes: Uint8Array; contentType: string } | null;
  geometries: CameraGeometry[];
  coverage: CoverageSummary;
  bom: BomLine[];
}

export interface CameraPlanPdfRenderer {
  render(report: CameraPlanReport): Promise<Uint8Array>;
}

export function planGeometry(plan: CameraPlan): { geometries: CameraGeometry[]; coverage: CoverageSummary } {
  const engine = new PlannerEngine();
  const update = engine.load(toEnginePlan(plan));
  return { geometries: update.cameras, coverage: update.coverage };
}
