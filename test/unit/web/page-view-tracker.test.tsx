import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import {
  createPageViewTracker,
  startPageViewTracker,
  THROTTLE_PREFIX,
  VISITED_KEY,
  type TrackerDeps,
} from '../../../web/src/features/analytics/page-view-tracker.ts';
import type { PageViewRequest } from '#contracts/analytics.ts';

function memoryStorage(): TrackerDeps['storage'] & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function aTracker(overrides: Partial<TrackerDeps> = {}) {
  const sent: PageViewRequest[] = [];
  let now = 1_700_000_000_000;
  const storage = memoryStorage();
  const logError = vi.fn();
  const deps: TrackerDeps = {
    storage,
    send: async (v) => void sent.push(v),
    now: () => now,
    referrer: () => 'https://www.google.com/search?q=cameras',
    maxTouchPoints: () => 0,
    logError,
    ...overrides,
  };
  return { track: createPageViewTracker(deps), sent, storage, logError, advance: (ms: number) => (now += ms) };
}

describe('the page-view tracker in the SPA', () => {
  it("[R-TRK-1] records 'home' for / and the path without its leading slash otherwise", async () => {
    const t = aTracker();
    await t.track('/');
    await t.track('/services');
    await t.track('/contact');
    expect(t.sent.map((v) => v.page)).toEqual(['home', 'services', 'contact']);
  });

  it('staff screens and unknown paths are not site traffic: nothing is sent and no marker is set', async () => {
    const t = aTracker();
    for (const path of ['/admin', '/admin/clients/3f2a9c', '/employee-dashboard', '/vision-ai-analysis', '/p/secret-token', '/nowhere'])
      expect(await t.track(path), path).toBe('skipped');
    expect(t.sent).toEqual([]);
    expect(t.storage.data.size).toBe(0);
  });

  it('[R-TRK-2] the same page again within 60 s is skipped; after 60 s it is recorded again', async () => {
    const t = aTracker();
    expect(await t.track('/quote')).toBe('sent');
    t.advance(59_999);
    expect(await t.track('/quote')).toBe('skipped');
    expect(await t.track('/reviews')).toBe('sent');
    t.advance(1);
    expect(await t.track('/quote')).toBe('sent');
    expect(t.sent.map((v) => v.page)).toEqual(['quote', 'reviews', 'quote']);
    expect(t.storage.data.has(`${THROTTLE_PREFIX}quote`)).toBe(true);
  });

  it('[R-TRK-4] on failure the throttle marker is removed, the error logged, and the next view retries', async () => {
    const failure = new Error('offline');
    let fail = true;
    const sent: string[] = [];
    const t = aTracker({
      send: async (v) => {
        if (fail) throw failure;
        sent.push(v.page);
      },
    });
    expect(await t.track('/support')).toBe('failed');
    expect(t.storage.data.has(`${THROTTLE_PREFIX}support`)).toBe(false);
    expect(t.logError).toHaveBeenCalledWith('page view not recorded', failure);
    fail = false;
    expect(await t.track('/support')).toBe('sent');
    expect(sent).toEqual(['support']);
  });

  it('[R-TRK-5] referrer and the first-visit flag are sent only once per browser (a marker is kept)', async () => {
    const t = aTracker();
    await t.track('/');
    await t.track('/services');
    expect(t.sent.map((v) => [v.firstVisit, v.referrer])).toEqual([
      [true, 'https://www.google.com/search?q=cameras'],
      [false, null],
    ]);
    expect(t.storage.data.has(VISITED_KEY)).toBe(true);
    // A new tracker in the same browser (a reload) still knows the visitor.
    const again = createPageViewTracker({ storage: t.storage, send: async (v) => void t.sent.push(v), now: () => 2e12, referrer: () => '', maxTouchPoints: () => 0, logError: () => {} });
    await again('/contact');
    expect(t.sent.at(-1)?.firstVisit).toBe(false);
  });

  it('[R-TRK-5] [R-TRK-4] a failed first visit keeps no visitor marker, so it is counted when the retry succeeds', async () => {
    let fail = true;
    const t = aTracker({ send: async (v) => { if (fail) throw new Error('503'); t2.push(v); } });
    const t2: PageViewRequest[] = [];
    await t.track('/');
    expect(t.storage.data.has(VISITED_KEY)).toBe(false);
    fail = false;
    await t.track('/');
    expect(t2[0]?.firstVisit).toBe(true);
  });
});

describe('the tracker on a real router', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('[R-TRK-1] records the first page and each route change', async () => {
    window.scrollTo = (() => {}) as typeof window.scrollTo;
    const bodies: PageViewRequest[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/session') return new Response(JSON.stringify({ csrfToken: 't' }), { status: 200 });
      bodies.push(JSON.parse(String(init?.body)) as PageViewRequest);
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const root = createRootRoute({ component: Outlet });
    const routes = ['/', '/services', '/reviews'].map((path) => createRoute({ getParentRoute: () => root, path, component: () => <h1>{`page ${path}`}</h1> }));
    const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }) });
    const stop = startPageViewTracker(router);
    render(<RouterProvider router={router} />);
    await screen.findByText('page /');
    await act(() => router.navigate({ to: '/services' }));
    await screen.findByText('page /services');
    await act(() => router.navigate({ to: '/reviews' }));
    await screen.findByText('page /reviews');
    await vi.waitFor(() => expect(bodies.map((b) => b.page)).toEqual(['home', 'services', 'reviews']));
    stop();
    vi.unstubAllGlobals();
  });
});
