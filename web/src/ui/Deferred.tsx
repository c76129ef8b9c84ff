import { Suspense, lazy, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/** How long after the load event a deferred part loads on its own when nobody interacts. */
export const DEFERRED_IDLE_MS = 2500;

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'wheel'] as const;

let ready = false;
let armed = false;
const waiting = new Set<() => void>();

function markReady() {
  if (ready) return;
  ready = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, markReady, true);
  for (const notify of [...waiting]) notify();
  waiting.clear();
}

function arm() {
  if (armed) return;
  armed = true;
  for (const type of INTERACTIONS) window.addEventListener(type, markReady, { capture: true, passive: true });
  const afterLoad = () => window.setTimeout(markReady, DEFERRED_IDLE_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

function subscribe(notify: () => void) {
  if (ready) return () => {};
  arm();
  waiting.add(notify);
  return () => {
    waiting.delete(notify);
  };
}
const isReady = () => ready;
const notReadyOnServer = () => false;

/**
 * True once the visitor has interacted with the page (pointer, key, touch, focus, wheel) or
 * DEFERRED_IDLE_MS after the load event, whichever comes first (once per page life). Code that
 * the first paint does not need (the forms with react-hook-form and zod) waits for it, so it
 * stays out of the first load on a phone.
 */
export function useDeferredReady(): boolean {
  return useSyncExternalStore(subscribe, isReady, notReadyOnServer);
}

/**
 * Renders `children` (typically a React.lazy component) once `useDeferredReady` says so; until
 * then, and while its code loads, a placeholder of fixed size holds its place so nothing below
 * it moves.
 */
export function Deferred({ placeholderClass, label, children }: { placeholderClass: string; label: string; children: ReactNode }) {
  const show = useDeferredReady();
  const placeholder = (
    <div role="status" aria-label={label} className={`rounded-xl border border-dashed border-slate-300 dark:border-slate-700 ${placeholderClass}`} data-testid="deferred-placeholder" />
  );
  return show ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * React.lazy for a public form. The libraries every form uses (zod, react-hook-form) are fetched
 * together, then run one per task before the form's own code, so no single task blocks a
 * phone's main thread for long (Lighthouse's total blocking time).
 */
export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const zod = import('zod');
    const forms = import('react-hook-form');
    await zod;
    await nextTask();
    await forms;
    await nextTask();
    return { default: await load() };
  });
}
