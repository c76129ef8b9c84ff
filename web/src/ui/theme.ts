/** Light by default; dark is the class `dark` on <html>; the choice lives in localStorage 'theme'. */
export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

export function readTheme(storage?: Pick<Storage, 'getItem'>): Theme {
  try {
    return (storage ?? window.localStorage).getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light'; // storage can be disabled (private mode, policies); no window when prerendering
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** The theme the page shows (the class on <html>, set before the first paint by theme-boot.js). */
export function shownTheme(root: HTMLElement = document.documentElement): Theme {
  return root.classList.contains('dark') ? 'dark' : 'light';
}

export function saveTheme(theme: Theme, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // The theme still applies for this visit.
  }
}

const listeners = new Set<() => void>();

/** Applies and saves `theme`, and tells every subscriber (the toggles). */
export function chooseTheme(theme: Theme): void {
  applyTheme(theme);
  saveTheme(theme);
  listeners.forEach((l) => l());
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
