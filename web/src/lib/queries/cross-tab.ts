import type { QueryClient } from '@tanstack/react-query';

/**
 * How long a screen's data counts as fresh: a revisit within it paints from the cache without
 * asking the server again (the QueryClient's default, main.tsx).
 */
export const FRESH_MS = 30_000;

const CHANNEL = 'shieldline-saved';

/**
 * Data cached for FRESH_MS must still follow a change saved in another tab of the same browser:
 * each saved change (a mutation that succeeded) is announced on a BroadcastChannel, and the
 * other tabs mark everything stale, refetching what is on their screen. Returns the stop function.
 */
export function shareSavedChanges(qc: QueryClient): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => void qc.invalidateQueries();
  const stop = qc.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') channel.postMessage('saved');
  });
  return () => {
    stop();
    channel.close();
  };
}
