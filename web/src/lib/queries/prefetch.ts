import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../features/auth/session.ts';
/**
 * Route loaders of the back office start a screen's data beside its code chunk (and on link
 * hover, `defaultPreload: 'intent'`). They do not wait for it: the screen renders as soon as its
 * code is here and shows the data when it comes, its own loading line until then and its own
 * error note (LoadError) if the request fails. A loader that waited would hold the previous
 * screen, then the page loader for at least its minimum time, and a failure would block the
 * navigation. `load` imports the feature's queries (kept out of the entry bundle) and starts them.
 */
export function startScreenData(qc: QueryClient, load: () => Promise<unknown>): void {
  // Only for staff: signed out (the sign-in screen shows) or a customer, the screen asks for nothing,
  // so a deep link opened signed out makes no request its sign-in screen would answer 401.
  void qc
    .ensureQueryData(sessionQuery)
    .then((session) => (session.state === 'admin' || session.state === 'employee' ? load() : undefined))
    .catch(() => undefined);
}
