import { can, type AuthState } from '../../domain/auth/permissions.ts';
import { requirePermission } from '../inventory/inventory-deps.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { isStorageError, toDomainErrorCode } from '../../domain/storage/storage-error.ts';

/**
 * Camera plans are part of proposals: viewing needs `viewProposals`, changing `editProposals`
 * (admins always). The routes declare the same; this keeps the use cases safe on their own.
 */
export function requirePlanView(auth: AuthState): void {
  requirePermission(auth, 'viewProposals');
}

/** Who is editing, as the plan records them. */
export function requirePlanEdit(auth: AuthState): { id: string; name: string } {
  return requirePermission(auth, 'editProposals');
}

export const canEditPlans = (auth: AuthState): boolean => auth.kind !== 'signed-out' && can(auth, 'editProposals');

export async function findPlan(plans: CameraPlanRepository, id: string): Promise<CameraPlan> {
  const plan = await plans.get(id);
  if (!plan) throw new DomainError('not-found', 'There is no such camera plan.');
  return plan;
}

/** Storage failures carry their own codes; the HTTP table knows the generic ones. */
export function asDomainError(e: unknown): unknown {
  return isStorageError(e) ? new DomainError(toDomainErrorCode(e.code), e.message) : e;
}
