import type { FieldValues, Resolver } from 'react-hook-form';

/** "a, b ; c" ↔ ['a', 'b', 'c'] for list fields typed as text. */
export const splitList = (s: string): string[] =>
  s
    .split(/[,;]/)
    .map((x) => x.trim())
    .filter(Boolean);
export const joinList = (xs: readonly string[] | undefined): string => (xs ?? []).join(', ');

/** Runs `clean` on the values before the schema's resolver sees them (drops empty list entries). */
export function cleaning<T extends FieldValues>(resolver: Resolver<T>, clean: (v: T) => T): Resolver<T> {
  return (values, context, options) => resolver(clean(values), context, options);
}


/** The message of a nested field error ('contacts.0.emails.0'), if any. */
export function errorAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
