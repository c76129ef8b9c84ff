import './features/site/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import { routerOptions } from './router-options.ts';
import { applyTheme, readTheme } from './features/theme/theme.ts';
import { installExtensionErrorFilter } from './lib/extension-errors.ts';
import { startPageViewTracker } from './features/analytics/page-view-tracker.ts';
import './styles.css';

installExtensionErrorFilter(window);

// Apply the saved theme before the first paint (no inline script: the CSP forbids it).
applyTheme(readTheme());

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

const router = createRouter({
  routeTree,
  context: { queryClient },
  ...routerOptions,
});

startPageViewTracker(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('#root is missing from index.html');
const render = () => {
  const root = createRoot(rootEl);
  flushSync(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // From here on the page is the live app (tests wait for this before clicking).
  rootEl.removeAttribute('data-prerendered');
};
// A prerendered screen (scripts/prerender.ts) stays on show until this screen's code is here, so
// the first render draws the same page over it instead of a loader. (Not a top-level await: that
// makes the bundler split the entry into many small chunks.)
if (rootEl.hasAttribute('data-prerendered')) void router.load().then(render, render);
else render();
