import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_KEY } from './session.ts';

/**
 * While signed in, listens to GET /api/session/events and refreshes the session when the
 * server says it changed (an employee record edited or deactivated, R-AUTH-3): open screens
 * then re-check access at once, without a reload.
 */
export function useSessionEvents(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    const events = new EventSource('/api/session/events');
    let opened = false;
    events.addEventListener('session', refresh);
    events.addEventListener('open', () => {
      // A reconnect may have missed a change.
      if (opened) refresh();
      opened = true;
    });
    events.addEventListener('error', () => {
      // Closed for good (e.g. 401 after signing out elsewhere): the session is worth asking again.
      if (events.readyState === EventSource.CLOSED) refresh();
    });
    return () => events.close();
  }, [signedIn, queryClient]);
}
