import { useEffect, type RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Every message in react-hook-form's errors, with its path ('alarm.zones.0.name'). */
export function errorLeaves(errors: unknown, prefix = ''): { path: string; message: string }[] {
  if (errors === null || typeof errors !== 'object') return [];
  const out: { path: string; message: string }[] = [];
  const node = errors as Record<string, unknown>;
  if (typeof node['message'] === 'string' && prefix !== '') out.push({ path: prefix, message: node['message'] });
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types' || (key === 'root' && prefix === '')) continue;
    if (child && typeof child === 'object') out.push(...errorLeaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

const pathLabel = (path: string) =>
  path
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? `#${Number(p) + 1}` : p.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()))
    .join(' › ');

/**
 * A form never fails silently: after a refused submit, any message that no field of the form
 * shows (a field the form has no box for, a value the form carried but does not edit) is listed
 * at the top of the form. Fields show their messages in `[id$="-error"]` (Field) or
 * `[data-field-error]` elements; what the DOM does not show is what the person cannot see.
 */
export function useNoSilentErrors<T extends FieldValues>(form: UseFormReturn<T>, formRef: RefObject<HTMLFormElement | null>): void {
  const { errors, submitCount } = form.formState;
  useEffect(() => {
    const el = formRef.current;
    if (!el || errors.root) return;
    const leaves = errorLeaves(errors);
    if (leaves.length === 0) return;
    const shown = [...el.querySelectorAll('[id$="-error"], [data-field-error]')].map((e) => e.textContent ?? '');
    const unshown = leaves.filter((l) => !shown.some((s) => s.includes(l.message)));
    if (unshown.length === 0) return;
    form.setError('root' as never, {
      type: 'unshown',
      message: 'This form could not be saved. Correct the following:',
      types: Object.fromEntries(unshown.map((l) => [l.path, `${pathLabel(l.path)}: ${l.message}`])),
    });
    // Only after a submit: the errors of that submit are the ones to check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);
}
