import type { Access } from '../domain/auth/menu.ts';
import { hasAccess } from '../domain/auth/menu.ts';
import type { AuthState } from '../domain/auth/permissions.ts';

/**
 * What a route needs, declared on every /api route as `config: { access }` (default deny: a
 * route without a declaration makes the server refuse to start). `public` is open to anyone,
 * `signed-in` to any signed-in user; the rest come from the domain's access model.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'webhook' } | Access;

export const PUBLIC: RouteAccess = { kind: 'public' };
/** A provider's webhook: open like public, but no session or CSRF token (the provider has neither); the route verifies the provider's signature itself. */
export const WEBHOOK: RouteAccess = { kind: 'webhook' };
export const SIGNED_IN: RouteAccess = { kind: 'signed-in' };
export const STAFF: RouteAccess = { kind: 'staff' };
export const ADMIN_ONLY: RouteAccess = { kind: 'admin' };
/** The client hub (docs/portal.md): signed in with a verified e-mail; the use case checks which clients are theirs. */
export const CUSTOMER: RouteAccess = { kind: 'customer' };
export const needs = (permission: Extract<Access, { kind: 'permission' }>['permission']): RouteAccess => ({ kind: 'permission', permission });

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

export function decideAccess(state: AuthState, access: RouteAccess): AccessDecision {
  if (access.kind === 'public' || access.kind === 'webhook') return 'allow';
  if (state.kind === 'signed-out') return 'unauthenticated';
  if (access.kind === 'signed-in') return 'allow';
  return hasAccess(state, access) ? 'allow' : 'forbidden';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
