import { PageLoader } from '#ui/PageLoader.tsx';

/**
 * Options every router of the app is built with (main.tsx and the tests).
 * The router itself resets the scroll to the top on each navigation; asking it to do so
 * smoothly gives R-NAV-4 without a second, competing scroll.
 */
export const routerOptions = {
  defaultPreload: 'intent',
  defaultPendingComponent: PageLoader,
  // Show the three-dot loader quickly when a screen's code is still on its way (R-NAV-3).
  defaultPendingMs: 100,
  defaultPendingMinMs: 300,
  scrollRestorationBehavior: 'smooth',
} as const;
