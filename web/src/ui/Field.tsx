import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

const controlClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** A labelled form control with its error message tied to it for screen readers. */
export function Field(props: { label: string; id: string; error?: string | undefined; required?: boolean; children: ReactNode }) {
  const errorId = `${props.id}-error`;
  const child = Children.only(props.children);
  const control = isValidElement(child)
    ? cloneElement(child as ReactElement<Record<string, unknown>>, {
        className: controlClass,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': props.error ? errorId : undefined,
        'aria-required': props.required || undefined,
      })
    : child;
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {props.label}
        {props.required && <span aria-hidden className="text-red-700 dark:text-red-400"> *</span>}
      </label>
      {control}
      {props.error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}
