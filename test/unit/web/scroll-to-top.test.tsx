import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { routerOptions } from '../../../web/src/router-options.ts';

describe('scroll to top', () => {
  afterEach(cleanup);

  it('[R-NAV-4] every route change scrolls smoothly to the top', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const root = createRootRoute({ component: Outlet });
    const routes = ['/', '/services', '/contact'].map((path) =>
      createRoute({ getParentRoute: () => root, path, component: () => <h1>{`page ${path}`}</h1> }),
    );
    const router = createRouter({
      ...routerOptions,
      routeTree: root.addChildren(routes),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(<RouterProvider router={router} />);
    await screen.findByText('page /');

    for (const to of ['/services', '/contact'] as const) {
      scrollTo.mockClear();
      await act(() => router.navigate({ to }));
      await screen.findByText(`page ${to}`);
      expect(scrollTo).toHaveBeenCalledTimes(1);
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
    }
  });
});
