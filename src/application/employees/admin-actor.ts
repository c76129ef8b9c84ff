import type { Actor } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

/**
 * The employee database is for admins only. Routes declare that too; checking it again here
 * means a use case called from anywhere else cannot skip it. The actor is named as the
 * identity provider names them at the time of the change.
 */
export function adminActor(auth: AuthState): Actor {
  if (auth.kind === 'signed-out') throw new DomainError('unauthenticated', 'Please sign in.');
  if (auth.kind !== 'admin') throw new DomainError('forbidden', 'Only an admin may manage employees.');
  return { id: auth.user.id, name: auth.user.displayName ?? auth.user.email ?? auth.user.id };
}
