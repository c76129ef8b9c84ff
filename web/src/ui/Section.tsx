import type { ReactNode } from 'react';

/** A titled part of a screen, its actions (buttons) beside the title. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-8" aria-label={title}>
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
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
