import type { FieldValues, Resolver } from 'react-hook-form';
import { errorLeaves } from '#ui/no-silent-errors.ts';


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
  // A field array's own error (min, max, unique) sits on its `root`.
  const n = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = n?.message ?? n?.root?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * The message of a list typed in one text box ('tags', 'contacts.0.emails'): the list's own
 * error or the first of its entries' errors, whichever entry it is ("a, b, c!" fails at tags.2).
 */
export function listErrorAt(errors: unknown, path: string): string | undefined {
  const own = errorAt(errors, path);
  if (own) return own;
  const leaves = errorLeaves(errors).filter((l) => l.path.startsWith(`${path}.`) && /^\d+$/.test(l.path.slice(path.length + 1)));
  if (leaves.length === 0) return undefined;
  const first = leaves[0]!;
  const entry = Number(first.path.slice(path.length + 1)) + 1;
  return leaves.length === 1 && entry === 1 ? first.message : `Entry ${entry}: ${first.message}`;
}
