/**
 * The SPA side of page-view analytics (R-TRK-1, R-TRK-2, R-TRK-4, R-TRK-5). On every route
 * change the page key is recorded unless the same page was recorded in this browser less than
 * 60 s ago (a timestamp marker per page in localStorage). The first view in a browser carries
 * `firstVisit` (a second marker), so referrer, device type and unique visitors count once.
 * When sending fails, the markers this view set are removed again, so the next view retries,
 * and the error is logged.
 */
import type { AnyRouter } from '@tanstack/react-router';
import { isPublicPage, pageKey } from '#domain/analytics/page-key.ts';
import { shouldTrack } from '#domain/analytics/page-view.ts';
import type { PageViewRequest } from '#contracts/analytics.ts';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '#lib/api.ts';
import { sessionQuery } from '../auth/session.ts';

export const THROTTLE_PREFIX = 'pv:last:';
export const VISITED_KEY = 'pv:visited';

export interface TrackerDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  send: (view: PageViewRequest) => Promise<unknown>;
  now: () => number;
  referrer: () => string;
  maxTouchPoints: () => number | undefined;
  logError: (message: string, err: unknown) => void;
}

function read(storage: TrackerDeps['storage'], key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: TrackerDeps['storage'], key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage disabled: every view is sent, which only over-counts.
  }
}

/** Returns `track(pathname)`; the promise settles when the view was sent, skipped or failed. */
export function createPageViewTracker(deps: TrackerDeps): (pathname: string) => Promise<'sent' | 'skipped' | 'failed'> {
  return async (pathname) => {
    const page = pageKey(pathname);
    // Staff screens are not site traffic (the server drops them too).
    if (!isPublicPage(page)) return 'skipped';
    const markerKey = `${THROTTLE_PREFIX}${page}`;
    const now = deps.now();
    const last = read(deps.storage, markerKey);
    if (!shouldTrack(last === null ? null : Number(last), now)) return 'skipped';
    const firstVisit = read(deps.storage, VISITED_KEY) === null;
    // Markers are set before sending, so a second route change in the same instant is throttled.
    write(deps.storage, markerKey, String(now));
    if (firstVisit) write(deps.storage, VISITED_KEY, String(now));
    const touch = deps.maxTouchPoints();
    try {
      await deps.send({ page, referrer: firstVisit ? deps.referrer() || null : null, firstVisit, ...(touch === undefined ? {} : { maxTouchPoints: touch }) });
      return 'sent';
    } catch (err) {
      write(deps.storage, markerKey, null);
      if (firstVisit) write(deps.storage, VISITED_KEY, null);
      deps.logError('page view not recorded', err);
      return 'failed';
    }
  };
}

/**
 * Browser wiring: records the first page and every resolved route change of `router`.
 * A view is sent once the app's session answer is in (`queryClient`): that answer carries the
 * CSRF token. Sending before it made a new visitor's browser ask /api/session a second time,
 * each cookie-less request minted its own CSRF secret, and whichever cookie came last made the
 * other token wrong, so the first page view was refused (403) and only its retry counted.
 */
export function startPageViewTracker(router: AnyRouter, queryClient?: QueryClient): () => void {
  const track = createPageViewTracker({
    storage: window.localStorage,
    send: async (view) => {
      await queryClient?.ensureQueryData(sessionQuery).catch(() => undefined);
      return apiFetch('/api/analytics/page-view', { method: 'POST', json: view, keepalive: true });
    },
    now: () => Date.now(),
    referrer: () => document.referrer,
    maxTouchPoints: () => navigator.maxTouchPoints,
    logError: (message, err) => console.error(message, err),
  });
  let lastPath: string | null = null;
  const onPath = (pathname: string) => {
    if (pathname === lastPath) return;
    lastPath = pathname;
    void track(pathname);
  };
  return router.subscribe('onResolved', (e) => onPath(e.toLocation.pathname));
}
