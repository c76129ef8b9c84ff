import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates the calling component over the prerendered HTML (scripts/prerender.ts,
 * built without any server data), true once it renders live — and always true in a page that was
 * not prerendered. The prerendered pass must render exactly what the HTML shows, even when data
 * has already arrived (the shell's queries start while the screen below it still hydrates).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** `data` once the component renders live; undefined (as in the prerendered HTML) while it hydrates. */
export function useHydratedData<T>(data: T | undefined): T | undefined {
  return useHydrated() ? data : undefined;
}

/** The year the SPA was built (vite.config.ts `define`); absent in the unit tests. */
declare const __BUILD_YEAR__: number | undefined;
const builtIn = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();

/** This year; the build's year while hydrating, which is what the prerendered HTML shows. */
export function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, () => new Date().getFullYear(), () => builtIn);
}
