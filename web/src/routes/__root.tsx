import { useEffect } from 'react';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { shareSavedChanges } from '#lib/queries/cross-tab.ts';
import { TopBar } from '../features/shell/TopBar.tsx';
import { NotificationBell } from '../features/notifications/NotificationBell.tsx';
import { Footer } from '../features/shell/Footer.tsx';
import { AuthLifecycle } from '../features/auth/AuthLifecycle.tsx';
import { useSiteInfo } from '../features/shell/site-info.ts';
import { DocumentTitle } from '../router-titles.ts';
import { isBackOffice, shellWidth } from '../features/shell/work-layout.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  // The shell is live (rendered, or hydrated over the prerendered HTML): its buttons work, and
  // React replays a click on the screen below at once if that part is still hydrating. Tests
  // wait for this mark before clicking.
  useEffect(() => document.getElementById('root')?.removeAttribute('data-prerendered'), []);
  const queryClient = useQueryClient();
  useEffect(() => shareSavedChanges(queryClient), [queryClient]);
  const site = useSiteInfo();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <>
      <DocumentTitle business={site?.name} />
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <TopBar staffExtras={<NotificationBell />} />
      <AuthLifecycle />
      <main id="main" className={`mx-auto min-h-screen min-w-0 px-4 pt-24 ${shellWidth(pathname)} ${isBackOffice(pathname) ? 'pb-12' : ''}`}>
        <Outlet />
      </main>
      {!isBackOffice(pathname) && <Footer />}
    </>
  );
}

function NotFound() {
  return (
    <section>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">The page you asked for does not exist. Use the menu above to find your way.</p>
    </section>
  );
}
