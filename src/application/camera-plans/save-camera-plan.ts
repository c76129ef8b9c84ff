import type { AuthState } from '../../domain/auth/permissions.ts';
import { metresPerUnitFromScale, validateCameraPlanContent, type CameraPlan, type CameraPlanContent } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findPlan } from './camera-plan-access.ts';

export type CameraPlanDrawing = Omit<CameraPlanContent, 'floorPlan'>;

/**
 * Saves the drawing over the stored plan if nobody saved since `version` (else `conflict`).
 * The floor-plan image is not part of a save: it changes only through an upload. A marked
 * scale decides `metresPerUnit`.
 */
export async function saveCameraPlan(
  deps: { plans: CameraPlanRepository },
  auth: AuthState,
  id: string,
  version: number,
  drawing: CameraPlanDrawing,
): Promise<CameraPlan> {
  requireAccess(auth, 'editProposals');
  const current = await findPlan(deps.plans, id);
  const metresPerUnit = drawing.scale ? metresPerUnitFromScale(drawing.scale) : drawing.metresPerUnit;
  const bounds = current.floorPlan ? current.bounds : drawing.bounds;
  const content: CameraPlanContent = { ...drawing, metresPerUnit, bounds, floorPlan: current.floorPlan };
  validateCameraPlanContent(content);
  return deps.plans.save(id, version, content);
}
