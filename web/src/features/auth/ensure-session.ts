import type { QueryClient } from '@tanstack/react-query';
import { accessForPath, hasAccess, type Access } from '#domain/auth/menu.ts';
import { authStateOf, sessionQuery } from './session.ts';

/** Thrown by the guard when a signed-in person lacks what the screen needs; the route's errorComponent says so. */
export class ScreenAccessDenied extends Error {
  constructor(readonly access: Access) {
    super('No access to this screen');
    this.name = 'ScreenAccessDenied';
  }
}

/**
 * `beforeLoad` of guarded routes: the session is known before the screen renders, so the
 * guard decides at once instead of flashing the screen (R-AUTH-15). A signed-in person without
 * the screen's access (the one table, `accessForPath`) is stopped here, before the screen's
 * loaders start requests the server would refuse with 403. Signed out, the screen's own guard
 * shows the sign-in prompt (its loaders ask for nothing then).
 */
export async function ensureSession(
  { context, location }: { context: { queryClient: QueryClient }; location: { pathname: string } },
  /** Fetched alongside (the site's settings: the company's time zone for a first paint in its clock); a failure is left to the screen. */
  alongside: readonly ((queryClient: QueryClient) => Promise<unknown>)[] = [],
): Promise<void> {
  // A failure is left to the guard, which says so and offers to try again.
  const [session] = await Promise.all([context.queryClient.ensureQueryData(sessionQuery).catch(() => undefined), ...alongside.map((fetch) => fetch(context.queryClient).catch(() => undefined))]);
  if (session === undefined) return;
  const state = authStateOf(session);
  const access = accessForPath(location.pathname);
  if (state.kind !== 'signed-out' && access !== null && !hasAccess(state, access)) throw new ScreenAccessDenied(access);
}
