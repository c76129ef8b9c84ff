import type { AuthState } from '../../domain/auth/permissions.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { requireAccess } from '../shared/require-access.ts';
import { findPlan } from './camera-plan-access.ts';

export async function getCameraPlan(deps: { plans: CameraPlanRepository }, auth: AuthState, id: string): Promise<CameraPlan> {
  requireAccess(auth, 'viewProposals');
  return findPlan(deps.plans, id);
}
