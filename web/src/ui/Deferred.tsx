import { Component, Suspense, createElement, lazy, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

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
  // The label shows from the first paint: on a slow phone the form can take seconds, and an empty box reads as broken.
  const placeholder = (
    <div role="status" aria-label={label} className={`rounded-xl border border-dashed border-slate-300 p-5 dark:border-slate-700 ${placeholderClass}`} data-testid="deferred-placeholder">
      <p className="text-slate-600 dark:text-slate-400">{label}…</p>
    </div>
  );
  return show ? (
    <LoadFailed label={label}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </LoadFailed>
  ) : (
    placeholder
  );
}

/** React.lazy keeps a failed load for good: "Try again" gives each failed form a fresh one, which fetches its code anew. */
const failedLoads = new Set<() => void>();
function renewFailedLoads() {
  for (const renew of failedLoads) renew();
  failedLoads.clear();
}

/** The deferred part's code did not arrive (offline, a new deployment): say so, and offer to try again. */
class LoadFailed extends Component<{ label: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
        <p>{this.props.label.replace(/^Loading /, 'Could not load ')}. Check your connection and try again.</p>
        <button
          type="button"
          onClick={() => {
            renewFailedLoads();
            this.setState({ failed: false });
          }}
          className="mt-3 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          Try again
        </button>
      </div>
    );
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * React.lazy for a public form. The libraries every form uses (zod, react-hook-form) are fetched
 * together, then run one per task before the form's own code, so no single task blocks a
 * phone's main thread for long (Lighthouse's total blocking time).
 */
export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () =>
    lazy(async () => {
      try {
        const zod = import('zod');
        const forms = import('react-hook-form');
        await zod;
        await nextTask();
        await forms;
        await nextTask();
        return { default: await load() };
      } catch (err) {
        failedLoads.add(() => (Current = make()));
        throw err;
      }
    });
  let Current = make();
  return function DeferredForm(props: P) {
    return createElement(Current, props);
  };
}
