import { useEffect, useRef } from 'react';

const FIELD = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const ANY = `${FIELD}, button:not([disabled]), a[href]`;

/**
 * An inline panel (record a payment, refund, send) opened by a button further up or down the
 * page: once it is on screen (`ready`, e.g. when its fields have loaded) it scrolls into view and
 * its first field — else its first button — takes the focus, so on a phone the form the person
 * asked for is in front of them, keyboard up, instead of below the fold.
 */
export function useRevealPanel<T extends HTMLElement>(ready = true) {
  const ref = useRef<T>(null);
  const done = useRef(false);
  useEffect(() => {
    const panel = ref.current;
    if (!ready || done.current || !panel) return;
    done.current = true;
    const first = panel.querySelector<HTMLElement>(FIELD) ?? panel.querySelector<HTMLElement>(ANY);
    first?.focus({ preventScroll: true });
    const calm = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView?.({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
  }, [ready]);
  return ref;
}
