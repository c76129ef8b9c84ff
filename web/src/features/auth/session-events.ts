import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openLiveStream } from '#lib/live-stream.ts';
import { SESSION_KEY } from './session.ts';

/** The server's `ready` event is expected this soon after connecting; later means a buffering proxy. */
export const SESSION_STREAM_PROOF_MS = 5_000;
/** Without a working stream, the session is asked again this often. */
export const SESSION_POLL_MS = 20_000;

/**
 * While signed in, listens to GET /api/session/events and refreshes the session when the
 * server says it changed (an employee record edited or deactivated, R-AUTH-3): open screens
 * then re-check access at once, without a reload. When the stream does not get through (no
 * `ready` in time, or it failed for good), polls GET /api/session instead.
 */
export function useSessionEvents(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    let poll: ReturnType<typeof setInterval> | undefined;
    const close = openLiveStream({
      url: '/api/session/events',
      proofMs: SESSION_STREAM_PROOF_MS,
      handlers: { ready: () => {}, session: refresh },
      // A reconnect may have missed a change.
      onReconnect: refresh,
      onFallback: () => {
        refresh();
        poll = setInterval(refresh, SESSION_POLL_MS);
      },
    });
    return () => {
      close();
      clearInterval(poll);
    };
  }, [signedIn, queryClient]);
}
