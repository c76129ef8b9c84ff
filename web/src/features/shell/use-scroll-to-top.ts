import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';

/** Every route change scrolls the page smoothly back to the top (R-NAV-4). */
export function useScrollToTop(): void {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [pathname]);
}
