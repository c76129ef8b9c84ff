import type { AuthState } from '../../domain/auth/permissions.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { mayAccess } from '../shared/require-access.ts';

/** Camera plans are part of proposals: the views show editing tools to those with `editProposals`. */
export const canEditPlans = (auth: AuthState): boolean => mayAccess(auth, 'editProposals');

export async function findPlan(plans: CameraPlanRepository, id: string): Promise<CameraPlan> {
  const plan = await plans.get(id);
  if (!plan) throw new DomainError('not-found', 'There is no such camera plan.');
  return plan;
}
