/** Shared classes for the public forms' controls that the Field wrapper does not cover. */
export const fieldsetClass = 'rounded-md border border-slate-300 p-4 dark:border-slate-700';
export const legendClass = 'px-1 text-sm font-medium text-slate-800 dark:text-slate-200';
export const choiceClass = 'flex items-center gap-2 text-slate-800 dark:text-slate-200';
export const errorClass = 'mt-1 text-sm text-red-700 dark:text-red-400';
/** Hidden from people and assistive technology; bots that fill every input fill this one too. */
export const honeypotClass = 'absolute -left-[10000px] h-px w-px overflow-hidden';
