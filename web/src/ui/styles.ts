/** Class names shared by the back office's inputs and filter chips (buttons: Button.tsx). */
export const inputClass =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
export const chipClass = (active: boolean): string =>
  `rounded-full border px-3 py-1 text-sm ${active ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800'}`;
