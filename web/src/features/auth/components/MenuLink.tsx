import { forwardRef, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { menuHref, type MenuEntry } from '#domain/auth/menu.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { entry: MenuEntry };

const both =
  <E,>(theirs: ((event: E) => void) | undefined, mine: () => void) =>
  (event: E) => {
    theirs?.(event);
    mine();
  };

/**
 * A real link to a menu entry (open in a new tab works) that navigates inside the app on a
 * plain click. Forwards its ref and props so a Radix menu item can render as it. Like the
 * router's own links (`defaultPreload: 'intent'`), it loads the screen's code and data when the
 * pointer rests on it, it gets focus or a finger touches it, so the click finds them ready.
 */
export const MenuLink = forwardRef<HTMLAnchorElement, Props>(function MenuLink({ entry, onClick, children, ...rest }, ref) {
  const router = useRouter();
  const href = menuHref(entry);
  const here = useRouterState({ select: (s) => `${s.location.pathname}${s.location.searchStr}` });
  const current = here === href;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const preload = () => {
    clearTimeout(timer.current);
    // preloadRoute builds the location as navigate does (an href works); its type only lists `to`.
    const preloadOptions = { href } as unknown as Parameters<typeof router.preloadRoute>[0];
    timer.current = setTimeout(() => void router.preloadRoute(preloadOptions).catch(() => undefined), router.options.defaultPreloadDelay ?? 50);
  };
  const cancel = () => clearTimeout(timer.current);
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a
      ref={ref}
      href={href}
      aria-current={current ? 'page' : undefined}
      {...rest}
      onClick={go}
      // Radix passes its own focus and pointer handlers: both run.
      onMouseEnter={both(rest.onMouseEnter, preload)}
      onMouseLeave={both(rest.onMouseLeave, cancel)}
      onFocus={both(rest.onFocus, preload)}
      onTouchStart={both(rest.onTouchStart, preload)}
    >
      {children ?? entry.label}
    </a>
  );
});
