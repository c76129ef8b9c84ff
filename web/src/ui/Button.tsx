import type { ButtonHTMLAttributes } from 'react';
import { clsx } from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base = 'inline-flex items-center justify-center gap-1.5 rounded-md disabled:cursor-not-allowed';

const variants: Record<ButtonSize, Record<ButtonVariant, string>> = {
  md: {
    primary: 'bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60',
    secondary:
      'border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
    danger: 'bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60',
    ghost: 'px-1 py-2 text-sm font-semibold text-blue-700 hover:underline disabled:opacity-60 dark:text-blue-400',
  },
  sm: {
    primary: 'bg-blue-700 px-2 py-1 text-xs font-semibold text-white hover:bg-blue-800 disabled:opacity-60',
    secondary:
      'gap-1 border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
    danger:
      'gap-1 border border-red-300 px-2 py-1 text-xs font-medium text-red-800 hover:bg-red-50 disabled:opacity-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950',
    ghost: 'px-1 py-1 text-xs font-medium text-blue-700 hover:underline disabled:opacity-50 dark:text-blue-400',
  },
  lg: {
    primary: 'bg-blue-700 px-5 py-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-60',
    secondary:
      'border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
    danger: 'bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-60',
    ghost: 'px-2 py-3 font-semibold text-blue-700 hover:underline disabled:opacity-60 dark:text-blue-400',
  },
};

/** The classes of a button, for a link or label that looks like one (`<Link className={buttonStyle('secondary')}>`). */
export const buttonStyle = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string => `${base} ${variants[size][variant]}`;

/**
 * The one button of the SPA: `variant` says what it does (primary: the screen's main action;
 * secondary: the others; danger: destroys; ghost: reads like a link), `size` where it sits
 * (sm: in table rows and cards; lg: the public forms). A plain button unless `type` says submit.
 */
export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type="button" {...props} className={clsx(buttonStyle(variant, size), className)} />;
}
