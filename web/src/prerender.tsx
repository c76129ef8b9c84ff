import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import { routerOptions } from './router-options.ts';

/**
 * Build-time only (scripts/prerender.ts): the HTML of one public screen as the SPA's first render
 * shows it before any data has arrived — site info, session and reviews are the same fixed-size
 * placeholders the SPA shows, so main.tsx can hydrate it (see lib/hydration.ts).
 */
export async function renderRoute(url: string): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ...routerOptions,
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
