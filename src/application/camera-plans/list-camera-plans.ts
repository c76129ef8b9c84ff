import type { AuthState } from '../../domain/auth/permissions.ts';
import type { CameraPlanListQuery, CameraPlanPage, CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { requirePlanView } from './camera-plan-access.ts';

export async function listCameraPlans(deps: { plans: CameraPlanRepository }, auth: AuthState, query: CameraPlanListQuery): Promise<CameraPlanPage> {
  requirePlanView(auth);
  return deps.plans.list(query);
}
