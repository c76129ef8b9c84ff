import type { AuthState } from '../../domain/auth/permissions.ts';
import type { CameraPlanListQuery, CameraPlanPage, CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { requireAccess } from '../shared/require-access.ts';

export async function listCameraPlans(deps: { plans: CameraPlanRepository }, auth: AuthState, query: CameraPlanListQuery): Promise<CameraPlanPage> {
  requireAccess(auth, 'viewProposals');
  return deps.plans.list(query);
}
