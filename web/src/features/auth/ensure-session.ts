import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from './session.ts';

/**
 * `beforeLoad` of guarded routes: the session is known before the screen renders, so the
 * guard decides at once instead of flashing the screen (R-AUTH-15).
 */
export async function ensureSession({ context }: { context: { queryClient: QueryClient } }): Promise<void> {
  // A failure is left to the guard, which says so and offers to try again.
  await context.queryClient.ensureQueryData(sessionQuery).catch(() => undefined);
}
