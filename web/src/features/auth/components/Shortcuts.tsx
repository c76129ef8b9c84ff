import { useQuery } from '@tanstack/react-query';
import { shortcutsFor } from '#domain/auth/menu.ts';
import { authStateOf, sessionQuery } from '../session.ts';
import { MenuLink } from './MenuLink.tsx';

/**
 * Links to the back-office screens the menu does not list (quote requests, contact messages,
 * vision AI, review moderation), each shown only to those whose permissions open it.
 */
export function Shortcuts() {
  const session = useQuery(sessionQuery);
  const entries = shortcutsFor(authStateOf(session.data));
  if (entries.length === 0) return null;
  return (
    <nav aria-label="Other tools" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Other tools</h2>
      <ul className="flex flex-wrap gap-2">
        {entries.map((e) => (
          <li key={e.id}>
            <MenuLink
              entry={e}
              className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
