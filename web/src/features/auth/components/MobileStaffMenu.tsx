import { useId } from 'react';
import { menuFor } from '#domain/auth/menu.ts';
import type { AuthState } from '#domain/auth/permissions.ts';
import { MenuLink } from './MenuLink.tsx';
import { staffMenuName } from './StaffMenu.tsx';

const linkClass =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-700 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * The back-office menu inside the hamburger panel: the shorter mobile list (R-NAV-12) as plain
 * links under group headings, read in order by screen readers.
 */
export function MobileStaffMenu({ state }: { state: AuthState }) {
  const items = menuFor(state, 'mobile');
  const baseId = useId();
  if (items.length === 0) return null;
  return (
    <nav aria-label={staffMenuName(state)} className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-800">
      <ul className="flex flex-col gap-1">
        {items.map((item) =>
          item.kind === 'link' ? (
            <li key={item.entry.id}>
              <MenuLink entry={item.entry} className={`${linkClass} font-semibold`} />
            </li>
          ) : (
            <li key={item.group.id}>
              <p id={`${baseId}-${item.group.id}`} className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
                {item.group.label}
              </p>
              <ul aria-labelledby={`${baseId}-${item.group.id}`} className="flex flex-col gap-1">
                {item.group.entries.map((entry) => (
                  <li key={entry.id}>
                    <MenuLink entry={entry} className={linkClass} />
                  </li>
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
