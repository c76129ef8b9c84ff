import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { menuHref, type MenuEntry } from '#domain/auth/menu.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { entry: MenuEntry };

/**
 * A real link to a menu entry (open in a new tab works) that navigates inside the app on a
 * plain click. Forwards its ref and props so a Radix menu item can render as it.
 */
export const MenuLink = forwardRef<HTMLAnchorElement, Props>(function MenuLink({ entry, onClick, children, ...rest }, ref) {
  const router = useRouter();
  const href = menuHref(entry);
  const here = useRouterState({ select: (s) => `${s.location.pathname}${s.location.searchStr}` });
  const current = here === href;
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a ref={ref} href={href} onClick={go} aria-current={current ? 'page' : undefined} {...rest}>
      {children ?? entry.label}
    </a>
  );
});
