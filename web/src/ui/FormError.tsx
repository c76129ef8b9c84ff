import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { ApiRequestError } from '#lib/api.ts';

const bannerClass = 'rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200';

/** A red banner for what went wrong (a failed load or action); `FormError` is the one for forms. */
export function ErrorNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={clsx(bannerClass, className)}>
      {children}
    </div>
  );
}

/** What a form can fail with: the API's error, any Error, or react-hook-form's root error. */
export type FormFailure = ApiRequestError | Error | { message?: string | undefined; types?: Record<string, unknown> } | null | undefined;

/** The field messages a failure carries that no field of the form shows, once each. */
function otherMessages(error: FormFailure, shown: readonly string[]): string[] {
  if (!error) return [];
  const fields: Record<string, unknown> =
    error instanceof ApiRequestError ? Object.fromEntries(Object.entries(error.fields).filter(([k]) => !shown.includes(k))) : 'types' in error && error.types ? error.types : {};
  const messages = Object.values(fields).flatMap((m) => (Array.isArray(m) ? m : [m])).filter((m): m is string => typeof m === 'string' && m !== error.message);
  return [...new Set(messages)];
}

/**
 * A failed submission at the top of a form: the server's message and every field message the
 * form does not show next to a field (`shownFields`: the server field names the form shows
 * itself; `showServerErrors` leaves the others on react-hook-form's root error).
 */
export function FormError(props: { error: FormFailure; shownFields?: readonly string[]; className?: string }) {
  const { error } = props;
  if (!error) return null;
  const others = otherMessages(error, props.shownFields ?? []);
  return (
    <ErrorNote className={props.className}>
      <p>{error.message}</p>
      {others.length > 0 && (
        <ul className="mt-1 list-disc pl-5" aria-label="What to correct">
          {others.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </ErrorNote>
  );
}
