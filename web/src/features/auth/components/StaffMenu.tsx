import { useId } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LayoutDashboard } from 'lucide-react';
import { menuFor, type MenuGroup } from '#domain/auth/menu.ts';
import type { AuthState } from '#domain/auth/permissions.ts';
import { MenuLink } from './MenuLink.tsx';
import { menuContentClass, menuItemClass } from './AvatarMenu.tsx';

export const staffMenuName = (state: AuthState): string => (state.kind === 'admin' ? 'Admin menu' : 'Staff menu');

/**
 * The back-office menu in the top bar (R-NAV-11, R-NAV-13): the entries `menuFor` gives this
 * user on desktop, groups under their labels. Nothing for users who are not staff.
 */
export function StaffMenu({ state }: { state: AuthState }) {
  const items = menuFor(state, 'desktop');
  if (items.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={staffMenuName(state)}
          className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 data-[state=open]:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800"
        >
          <LayoutDashboard aria-hidden className="h-4 w-4" />
          <span className="hidden lg:inline">{state.kind === 'admin' ? 'Admin' : 'Staff'}</span>
          <ChevronDown aria-hidden className="h-4 w-4" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={8} className={`${menuContentClass} max-h-[var(--radix-dropdown-menu-content-available-height)] overflow-y-auto`}>
        {items.map((item, i) =>
          item.kind === 'link' ? (
            <DropdownMenu.Item key={item.entry.id} asChild className={`${menuItemClass} font-semibold`}>
              <MenuLink entry={item.entry} />
            </DropdownMenu.Item>
          ) : (
            <Group key={item.group.id} group={item.group} separated={i > 0} />
          ),
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

function Group({ group, separated }: { group: MenuGroup; separated: boolean }) {
  const labelId = useId();
  return (
    <>
      {separated && <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />}
      <DropdownMenu.Group aria-labelledby={labelId}>
        <DropdownMenu.Label id={labelId} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {group.label}
        </DropdownMenu.Label>
        {group.entries.map((entry) => (
          <DropdownMenu.Item key={entry.id} asChild className={menuItemClass}>
            <MenuLink entry={entry} />
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Group>
    </>
  );
}
