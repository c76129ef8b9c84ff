import type { ReactNode } from 'react';

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
      {children && <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-400">{children}</p>}
    </header>
  );
}
