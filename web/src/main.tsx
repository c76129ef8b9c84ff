import './features/site/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';
import { routerOptions } from './router-options.ts';
import { FRESH_MS } from './lib/queries/cross-tab.ts';
import { startPageViewTracker } from './features/analytics/page-view-tracker.ts';
import './styles.css';

// Before the first paint public/theme-boot.js applies the saved theme and starts ignoring
// browser-extension errors (R-ERR-1); the CSP forbids inline scripts.

const createAppRouter = (queryClient: QueryClient) => createRouter({ routeTree, context: { queryClient }, ...routerOptions });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/** Lets the browser paint and handle input before `next` runs (a new task). */
const yieldThen = (next: () => void) => void setTimeout(next, 0);

function start() {
  const rootEl = document.getElementById('root');
  if (!rootEl) throw new Error('#root is missing from index.html');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: FRESH_MS } } });
  const router = createAppRouter(queryClient);
  startPageViewTracker(router, queryClient);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );

  if (!rootEl.hasAttribute('data-prerendered')) {
    createRoot(rootEl).render(app);
    return;
  }
  // A prerendered screen (scripts/prerender.ts): once its code is here, React hydrates the HTML
  // (keeps it and attaches the handlers) instead of drawing it again. The router then renders
  // the tree as its server render did (no extra Suspense boundaries at the top). As a
  // transition, hydration yields to the browser every few milliseconds instead of blocking it.
  // (Not a top-level await: that makes the bundler split the entry into many small chunks.)
  yieldThen(() =>
    void router.load().then(
      () => {
        router.ssr = { manifest: undefined };
        startTransition(() => {
          hydrateRoot(rootEl, app);
        });
      },
      // The screen's code did not load: draw the app afresh (it shows the error).
      () => createRoot(rootEl).render(app),
    ),
  );
}

// Running this code, building the router and loading the screen are separate tasks, so the
// main thread is never blocked for long while the page loads (Lighthouse's total blocking time).
yieldThen(start);
