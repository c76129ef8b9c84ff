import type { ReactNode } from 'react';

/** A titled part of a screen, its actions (buttons) beside the title, an icon (aria-hidden) before it. */
export function Section({ title, actions, icon, children }: { title: string; actions?: ReactNode; icon?: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-8" aria-label={title}>
      <div className="mb-3 flex items-center justify-between gap-4">
        {icon ? (
          <h2 className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
            <span className="text-blue-700 dark:text-blue-400">{icon}</span>
            {title}
          </h2>
        ) : (
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
        )}
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A titled card on a dashboard. */
export function Panel({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl border border-slate-200 p-5 dark:border-slate-800 ${className}`} aria-label={title}>
      <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * The "New …" form above a list: `children` gets `done`, which the form calls when it closes,
 * with the record it saved (then `onCreated` opens it) or nothing (cancelled).
 */
export function CreatePanel(props: { title: string; onClose: () => void; onCreated: (id: string) => void; children: (done: (saved?: { id: string } | null) => void) => ReactNode }) {
  const done = (saved?: { id: string } | null) => {
    props.onClose();
    if (saved) props.onCreated(saved.id);
  };
  return (
    <section className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={props.title}>
      <h2 className="mb-3 text-lg font-semibold">{props.title}</h2>
      {props.children(done)}
    </section>
  );
}
