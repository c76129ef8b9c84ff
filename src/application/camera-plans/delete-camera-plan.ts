import type { AuthState } from '../../domain/auth/permissions.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findPlan } from './camera-plan-access.ts';

/** Deletes the plan and its floor-plan image (an image already gone is fine). */
export async function deleteCameraPlan(deps: { plans: CameraPlanRepository; files: FileStorage }, auth: AuthState, id: string): Promise<void> {
  requireAccess(auth, 'editProposals');
  const plan = await findPlan(deps.plans, id);
  await deps.plans.delete(id);
  if (plan.floorPlan) await deps.files.delete(plan.floorPlan.path).catch(() => undefined);
}
