import { useSyncExternalStore } from 'react';
import { Moon, Sun } from 'lucide-react';
import { chooseTheme, shownTheme, subscribeTheme, type Theme } from './theme.ts';

// The prerendered HTML is light (its label and icon are fixed at build time); hydration starts
// from that and then shows the theme the page has.
const prerenderedTheme = (): Theme => 'light';

export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribeTheme, () => shownTheme(), prerenderedTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => chooseTheme(next)}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {theme === 'dark' ? <Sun aria-hidden className="h-5 w-5" /> : <Moon aria-hidden className="h-5 w-5" />}
    </button>
  );
}
