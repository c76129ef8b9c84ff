import { can, type AuthState } from '../../domain/auth/permissions.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { isStorageError, toDomainErrorCode } from '../../domain/storage/storage-error.ts';

/**
 * Camera plans are part of proposals: viewing needs `viewProposals`, changing `editProposals`
 * (admins always). The routes declare the same; this keeps the use cases safe on their own.
 */
export function requirePlanView(auth: AuthState): void {
  if (auth.kind === 'signed-out') throw new DomainError('unauthenticated', 'Please sign in.');
  if (!can(auth, 'viewProposals')) throw new DomainError('forbidden', 'You do not have permission to see camera plans.');
}

/** Who is editing, as the plan records them. */
export function requirePlanEdit(auth: AuthState): { id: string; name: string } {
  if (auth.kind === 'signed-out') throw new DomainError('unauthenticated', 'Please sign in.');
  if (!can(auth, 'editProposals')) throw new DomainError('forbidden', 'You do not have permission to change camera plans.');
  if (auth.kind === 'employee') return { id: auth.employee.id, name: auth.employee.name };
  return { id: auth.user.id, name: auth.user.displayName ?? auth.user.email ?? auth.user.id };
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
