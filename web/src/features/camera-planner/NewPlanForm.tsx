import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { cameraPlanCreateSchema, type CameraPlanCreate, type CameraPlanDto } from '#contracts/camera-plans.ts';
import { clientListQuery, clientQuery } from '#lib/queries/clients.ts';
import { apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { mayDiscard, useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { Button } from '#ui/Button.tsx';
import { FormError } from '#ui/FormError.tsx';
import { SiteOptions } from '#ui/Options.tsx';

/** A new plan for one of a client's sites, on a blank grid (upload a floor plan in the editor). */
export function NewPlanForm(props: { onDone(created: CameraPlanDto | null): void }) {
  const form = useForm<CameraPlanCreate>({ resolver: zodResolver(cameraPlanCreateSchema), defaultValues: { clientId: '', siteId: '', name: 'Ground floor', gridWidthM: 30, gridHeightM: 20 } });
  const { register, handleSubmit, setError, formState, control } = form;
  const errors = formState.errors;
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const [q, setQ] = useState('');
  const clients = useQuery(clientListQuery({ limit: 20, ...(q ? { q } : {}) }));
  const clientId = useWatch({ control, name: 'clientId' });
  const client = useQuery({ ...clientQuery(clientId), enabled: clientId !== '' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await apiFetch<CameraPlanDto>('/api/camera-plans', { method: 'POST', json: cameraPlanCreateSchema.parse(values) });
      release();
      props.onDone(created);
    } catch (err) {
      showServerErrors(err, setError, ['clientId', 'siteId', 'name', 'gridWidthM', 'gridHeightM']);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3 sm:grid-cols-2" aria-label="New camera plan">
      <FormError error={rootNotAtField(errors)} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <label htmlFor="plan-client-search" className="block text-sm font-medium">
          Find a client
        </label>
        <input id="plan-client-search" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-900" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name, company, e-mail…" />
        {clients.isError && <p className="mt-1 text-sm text-red-700">{clients.error.message}</p>}
      </div>
      <Field label="Client" id="plan-client" error={errors.clientId?.message} required>
        <select id="plan-client" {...register('clientId', { onChange: () => form.setValue('siteId', '') })}>
          <option value="">{clients.isPending ? 'Loading…' : 'Pick a client'}</option>
          {clients.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.company ? ` (${c.company})` : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Site" id="plan-site" error={errors.siteId?.message} required>
        <select id="plan-site" {...register('siteId')} disabled={!client.data}>
          <SiteOptions placeholder={client.data && client.data.sites.length === 0 ? 'This client has no sites' : 'Pick a site'} sites={client.data?.sites} />
        </select>
      </Field>
      <Field label="Plan name" id="plan-name" error={errors.name?.message} required>
        <input id="plan-name" {...register('name')} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Grid width (m)" id="plan-w" error={errors.gridWidthM?.message}>
          <input id="plan-w" type="number" {...register('gridWidthM', { valueAsNumber: true })} />
        </Field>
        <Field label="Grid depth (m)" id="plan-h" error={errors.gridHeightM?.message}>
          <input id="plan-h" type="number" {...register('gridHeightM', { valueAsNumber: true })} />
        </Field>
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          Create plan
        </Button>
        <Button variant="secondary" onClick={() => mayDiscard(formState.isDirty) && props.onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
