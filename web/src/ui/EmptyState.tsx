import type { ReactNode } from 'react';

/** What a list or panel shows when it has nothing yet: a title and, below it, what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
      <p className="font-medium text-slate-800 dark:text-slate-200">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}
