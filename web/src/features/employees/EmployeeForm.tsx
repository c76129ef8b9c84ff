import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useBlocker } from '@tanstack/react-router';
import {
  EMPLOYMENT_STATUS_VALUES,
  PERMISSION_KEYS,
  employeeCreateSchema,
  type EmployeeCreate,
  type EmployeeCreateInput,
  type EmployeeDto,
} from '#contracts/employees.ts';
import type { Permissions } from '#domain/auth/permissions.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { PermissionSwitches } from './PermissionSwitches.tsx';
import { STATUS_LABELS } from './labels.ts';
import { Options } from '#ui/Options.tsx';
import { FormError } from '#ui/FormError.tsx';

export const DISCARD_QUESTION = 'You have unsaved changes. Discard them?';

type FormValues = Omit<EmployeeCreateInput, 'permissions'> & { permissions: Permissions };

const allOff = (): Permissions => Object.fromEntries(PERMISSION_KEYS.map((k) => [k, false])) as unknown as Permissions;

function valuesOf(e: EmployeeDto | null): FormValues {
  const permissions = allOff();
  return {
    name: e?.name ?? '',
    email: e?.email ?? '',
    phone: e?.phone ?? '',
    title: e?.title ?? '',
    photoUrl: e?.photoUrl ?? '',
    employmentStatus: e?.employmentStatus ?? 'active',
    permissions: { ...permissions, ...(e?.permissions ?? {}) } as Permissions,
  };
}

const TEXT_FIELDS = ['name', 'email', 'phone', 'title', 'photoUrl', 'employmentStatus'] as const;

/**
 * Create or edit one employee. The shared contract validates in the browser; whatever the server
 * still refuses (a taken e-mail) shows next to its field. Leaving with unsaved changes asks first,
 * whether by navigating away, closing the tab, or picking another employee (the screen asks).
 */
export function EmployeeForm(props: {
  employee: EmployeeDto | null;
  onSubmit: (values: EmployeeCreate) => Promise<EmployeeDto>;
  onSaved: (saved: EmployeeDto) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { employee, onDirtyChange } = props;
  const uid = useId();
  const form = useForm<FormValues, unknown, EmployeeCreate>({
    resolver: zodResolver(employeeCreateSchema) as never,
    defaultValues: valuesOf(employee),
  });
  const { register, handleSubmit, setError, reset, control, formState, setFocus } = form;
  const dirty = formState.isDirty;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  useEffect(() => setFocus('name'), [setFocus]);

  useBlocker({ shouldBlockFn: () => dirty && !window.confirm(DISCARD_QUESTION), enableBeforeUnload: () => dirty });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await props.onSubmit(values);
      reset(valuesOf(saved));
      props.onSaved(saved);
    } catch (err) {
      const first = showServerErrors(err, setError, TEXT_FIELDS);
      if (first) setFocus(first);
    }
  });

  const errors = formState.errors;
  const id = (f: string) => `${uid}-${f}`;
  const permissionError = errors.permissions ? Object.values(errors.permissions).map((e) => (e as { message?: string }).message).find(Boolean) : undefined;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={employee ? `Edit ${employee.name}` : 'New employee'} className="grid gap-5">
      <FormError error={rootNotAtField(errors)} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" id={id('name')} error={errors.name?.message} required>
          <input id={id('name')} autoComplete="off" {...register('name')} />
        </Field>
        <Field label="E-mail" id={id('email')} error={errors.email?.message} required>
          <input id={id('email')} type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Phone" id={id('phone')} error={errors.phone?.message}>
          <input id={id('phone')} type="tel" autoComplete="off" {...register('phone')} />
        </Field>
        <Field label="Title" id={id('title')} error={errors.title?.message}>
          <input id={id('title')} autoComplete="off" {...register('title')} />
        </Field>
        <Field label="Photo URL" id={id('photoUrl')} error={errors.photoUrl?.message}>
          <input id={id('photoUrl')} type="url" placeholder="https://" {...register('photoUrl')} />
        </Field>
        <Field label="Status" id={id('employmentStatus')} error={errors.employmentStatus?.message}>
          <select id={id('employmentStatus')} {...register('employmentStatus')}>
            <Options values={EMPLOYMENT_STATUS_VALUES} labels={STATUS_LABELS} />
          </select>
        </Field>
      </div>
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => <PermissionSwitches value={field.value} onChange={field.onChange} disabled={formState.isSubmitting} />}
      />
      {permissionError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {permissionError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={formState.isSubmitting}
          className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
        >
          {formState.isSubmitting ? 'Saving…' : employee ? 'Save changes' : 'Create employee'}
        </button>
        <button
          type="button"
          onClick={props.onCancel}
          className="rounded-md px-4 py-2.5 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          Cancel
        </button>
        {dirty && <span className="text-sm text-amber-700 dark:text-amber-400">Unsaved changes</span>}
      </div>
    </form>
  );
}
