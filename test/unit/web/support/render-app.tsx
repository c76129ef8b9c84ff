import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type { SessionResponse } from '#contracts/session.ts';
import { BACK_OFFICE_ROUTES } from '#domain/auth/menu.ts';
import { SESSION_KEY } from '../../../../web/src/features/auth/session.ts';
import { setCsrfToken } from '../../../../web/src/lib/api.ts';

/**
 * Renders `ui` inside a real router and query client, the way the app does: `ui` sits above an
 * outlet whose routes are the public home and every back-office path (each shows "page <path>").
 */
export function renderApp(ui: () => ReactNode, options: { session?: SessionResponse; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A seeded session is one the app has loaded: its CSRF token is the one requests send (as
  // sessionQuery stores it), never one a previous file left in the shared module graph.
  if (options.session) {
    queryClient.setQueryData(SESSION_KEY, options.session);
    setCsrfToken(options.session.csrfToken);
  }
  const root = createRootRoute({
    component: () => (
      <>
        {ui()}
        <Outlet />
      </>
    ),
  });
  const paths = ['/', '/services', ...BACK_OFFICE_ROUTES.map((r) => r.path)];
  const routes = [...new Set(paths)].map((path) => createRoute({ getParentRoute: () => root, path, component: () => <p>{`page ${path}`}</p> }));
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }) });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A fetch stand-in answering by path; unknown paths get a 404 in the API's error shape. */
export function fakeFetch(answers: Record<string, (init: RequestInit | undefined) => { status: number; body?: unknown }>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input), 'http://app.test').pathname;
    const answer = answers[path]?.(init) ?? { status: 404, body: { error: { code: 'not-found', message: 'Not found' } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  };
}

/** jsdom has no ResizeObserver; the menu library's positioning asks for one. */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
