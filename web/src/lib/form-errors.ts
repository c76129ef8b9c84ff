import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api.ts';

/**
 * Shows a failed submission in a react-hook-form form: the server's field messages next to their
 * fields and its message at the top; anything that is not an API answer gets a generic message.
 * `known` limits which server fields are shown: a list of the form's own field names, or a map
 * from server field names to form fields (without it, every field the server names). Returns the
 * first field marked, for focusing. The messages of fields the form does not show go on the root
 * error's `types`, which `FormError` lists under the message.
 */
export function showServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known?: readonly string[] | Readonly<Record<string, Path<T>>>,
): Path<T> | null {
  if (!(err instanceof ApiRequestError)) {
    setError('root' as Path<T>, { message: 'Something went wrong. Please try again.' });
    return null;
  }
  let first: Path<T> | null = null;
  const unshown: Record<string, string> = {};
  for (const [key, messages] of Object.entries(err.fields)) {
    const field =
      known === undefined
        ? key
        : Array.isArray(known)
          ? (known as readonly string[]).includes(key)
            ? key
            : undefined
          : Object.hasOwn(known, key)
            ? (known as Record<string, string>)[key]
            : undefined;
    if (field === undefined) {
      unshown[key] = messages.join(' ');
      continue;
    }
    setError(field as Path<T>, { message: messages.join(' ') });
    first ??= field as Path<T>;
  }
  setError('root' as Path<T>, { type: 'server', message: err.message, ...(Object.keys(unshown).length > 0 ? { types: unshown } : {}) });
  return first;
}

/**
 * The root error to show on top of a form, or undefined when its message already shows at a
 * field (the server puts its first field message on top): each message once, at its field.
 */
export function rootNotAtField<T extends { message?: string | undefined }>(errors: Record<string, unknown>): T | undefined {
  const root = errors['root'] as T | undefined;
  if (!root?.message) return root;
  const atFields = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 8) return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') atFields.add(message);
    for (const [k, v] of Object.entries(node)) if (k !== 'ref' && k !== 'root') walk(v, depth + 1);
  };
  for (const [k, v] of Object.entries(errors)) if (k !== 'root') walk(v, 0);
  if (!atFields.has(root.message)) return root;
  // Field messages the form does not show (types) still belong on top.
  const types = (root as { types?: Record<string, unknown> }).types;
  return types && Object.keys(types).length > 0 ? ({ ...root, message: 'Also correct:' } as T) : undefined;
}
