import { can, type AuthState } from '../../domain/auth/permissions.ts';
import type { Actor } from '../../domain/audit/audit-entry.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { actorOf, requirePermission } from '../inventory/inventory-deps.ts';

/** Contracts are client records: viewClients to read, editClients to change; billing runs are admin-only. */
export const requireView = (auth: AuthState): Actor => requirePermission(auth, 'viewClients');
export const requireEdit = (auth: AuthState): Actor => requirePermission(auth, 'editClients');
export const canEdit = (auth: AuthState): boolean => auth.kind !== 'signed-out' && can(auth, 'editClients');

export function requireAdmin(auth: AuthState): Actor {
  if (auth.kind === 'signed-out') throw new DomainError('unauthenticated', 'Please sign in.');
  if (auth.kind !== 'admin') throw new DomainError('forbidden', 'Only an admin can do that.');
  return actorOf(auth);
}
