import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { showServerErrors } from '#lib/form-errors.ts';
import { useUnsavedChangesWarning } from './unsaved-changes.ts';

/**
 * The submit handler of a form that saves through the API: asks before leaving while it has
 * unsaved changes, shows the server's field errors next to the fields (`serverFields` maps
 * the server's field names to the form's) and hands the saved record to `onSaved`.
 */
export function useSaveForm<V extends FieldValues, S>(
  form: UseFormReturn<V>,
  options: { save: (values: V) => Promise<S>; serverFields: Readonly<Record<string, Path<V>>>; onSaved: (saved: S) => void },
) {
  const { formState } = form;
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  return form.handleSubmit(async (values) => {
    try {
      const saved = await options.save(values);
      release();
      options.onSaved(saved);
    } catch (err) {
      showServerErrors(err, form.setError, options.serverFields);
    }
  });
}
