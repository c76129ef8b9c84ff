import { can, type AuthState, type Permission } from '../../domain/auth/permissions.ts';
import type { InventoryRepository } from '../../domain/inventory/inventory-repository.ts';
import type { Actor } from '../../domain/audit/audit-entry.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

export interface InventoryDeps {
  inventory: InventoryRepository;
  clock: Clock;
  ids: IdGenerator;
}

/** The use cases check the permission themselves too, so a caller that forgets cannot leak. */
export function requirePermission(auth: AuthState, permission: Permission): Actor {
  if (auth.kind === 'signed-out') throw new DomainError('unauthenticated', 'Please sign in.');
  if (!can(auth, permission)) throw new DomainError('forbidden', 'You do not have permission to do that.');
  return actorOf(auth);
}

export function actorOf(auth: Exclude<AuthState, { kind: 'signed-out' }>): Actor {
  const name = auth.kind === 'employee' ? auth.employee.name : (auth.user.displayName ?? auth.user.email ?? auth.user.id);
  return { id: auth.user.id, name };
}
