/**
 * The one access check of the application layer (STYLE.md "shared kernel"). Every use case
 * starts with `requireAccess(auth, access)`: it refuses a signed-out caller (`unauthenticated`)
 * and a caller without the requirement (`forbidden`), and returns the one `Actor` the audit
 * trail and every record's "by" field use. Routes declare the same requirement (src/http/access.ts),
 * so a use case called from anywhere else cannot be reached without it either.
 *
 * Who the actor is, once for every area: the identity provider's subject id (stable, the id
 * admins are listed by), named as the business knows them at the time: an employee by the name
 * on their record, anyone else by the name the identity provider gives, else their e-mail.
 */
import type { Actor } from '../../domain/audit/audit-entry.ts';
import { ADMIN, CUSTOMER, STAFF, asAccess, hasAccess, type Access } from '../../domain/auth/menu.ts';
import type { AuthState, Permission } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

export type { Actor };
export type SignedIn = Exclude<AuthState, { kind: 'signed-out' }>;

/** The only place these words are written; the HTTP guard answers with the same. */
export const SIGN_IN_MESSAGE = 'Please sign in.';
export const FORBIDDEN_MESSAGE = 'You do not have permission to do that.';
export const ADMIN_ONLY_MESSAGE = 'Only an admin can do that.';
export const VERIFIED_EMAIL_MESSAGE = 'Sign in with a verified e-mail address to see your account.';

export { ADMIN, CUSTOMER, STAFF };

export function actorOf(auth: SignedIn): Actor {
  const name = auth.kind === 'employee' ? auth.employee.name : (auth.user.displayName ?? auth.user.email ?? auth.user.id);
  return { id: auth.user.id, name };
}

/** Refuses a signed-out caller; any signed-in person passes (their own clock, their own account). */
export function requireSignedIn(auth: AuthState): Actor {
  if (auth.kind === 'signed-out') throw new DomainError('unauthenticated', SIGN_IN_MESSAGE);
  return actorOf(auth);
}

/** The check every use case makes first; returns who is acting. */
export function requireAccess(auth: AuthState, access: Access | Permission): Actor {
  const need = asAccess(access);
  const actor = requireSignedIn(auth);
  if (!hasAccess(auth, need)) throw new DomainError('forbidden', need.kind === 'admin' ? ADMIN_ONLY_MESSAGE : need.kind === 'customer' ? VERIFIED_EMAIL_MESSAGE : FORBIDDEN_MESSAGE);
  return actor;
}

/** The same rule as a yes/no, for views that show more to those who may change things. */
export const mayAccess = (auth: AuthState, access: Access | Permission): boolean =>
  auth.kind !== 'signed-out' && hasAccess(auth, asAccess(access));
