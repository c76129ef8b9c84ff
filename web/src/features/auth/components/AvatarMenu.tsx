import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Avatar } from './Avatar.tsx';
import { avatarFallback } from '#domain/auth/sign-in-flow.ts';
import { useSignOut } from '../use-sign-out.ts';

export const menuContentClass =
  'z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 outline-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-800 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white';

/** R-NAV-10: the avatar opens 'Signed in as' + the display name, and 'Sign out'. */
export function AvatarMenu({ name, email, photoUrl }: { name: string | null; email: string | null; photoUrl: string | null }) {
  const signOut = useSignOut();
  const shown = name ?? email ?? 'your account';
  // The initials the avatar may show are part of the name too, so "click FM" works by voice
  // (WCAG 2.5.3, label in name).
  const fallback = avatarFallback(name, null, { photoFailed: false });
  const label = fallback.kind === 'initials' ? `Account menu (${shown}), ${fallback.initials}` : `Account menu (${shown})`;
  return (
    // Not modal: a modal menu locks scrolling with an injected <style>, which the CSP refuses.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          className="inline-flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <Avatar name={name} photoUrl={photoUrl} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClass}>
        <DropdownMenu.Label className="px-3 py-2">
          <span className="block text-xs text-slate-500 dark:text-slate-400">Signed in as</span>
          <span className="block font-semibold" data-testid="signed-in-name">
            {shown}
          </span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <DropdownMenu.Item className={menuItemClass} onSelect={() => void signOut()}>
          <LogOut aria-hidden className="h-4 w-4" />
          Sign out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
