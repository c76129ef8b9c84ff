import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createJobSchema, type CreateJobRequest } from '#contracts/jobs.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { JobTypeOptions } from './JobCard.tsx';
import { clientOptionsQuery, useCreateJob } from './queries.ts';
import { FormError } from '#ui/FormError.tsx';

/** New job: find the client, pick one of its sites, the type and a title; optional checklist. */
export function CreateJobDialog(props: { onClose: (createdId: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [checklist, setChecklist] = useState('');
  const options = useQuery(clientOptionsQuery(search));
  const create = useCreateJob();
  const form = useForm<CreateJobRequest>({
    resolver: zodResolver(createJobSchema),
    defaultValues: { clientId: '', siteId: '', type: 'install', title: '', notes: '', checklist: [] },
  });
  const { register, handleSubmit, formState, setValue, control } = form;
  const clientId = useWatch({ control, name: 'clientId' });
  const client = options.data?.clients.find((c) => c.id === clientId);
  const dirty = formState.isDirty || checklist.trim() !== '';
  // Once created, the unsaved-changes guard is lifted first, then the dialog closes (a navigation).
  const [created, setCreated] = useState<string | null>(null);
  useUnsavedChangesWarning(dirty && created === null);
  const { onClose } = props;
  useEffect(() => {
    if (created !== null) onClose(created);
  }, [created, onClose]);
  // One site: pick it once its option is on screen (the site list renders after the client changes).
  const onlySite = client?.sites.length === 1 ? client.sites[0]!.id : '';
  useEffect(() => setValue('siteId', onlySite, { shouldDirty: true }), [onlySite, clientId, setValue]);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.querySelector('input')?.focus(), []);
  const close = () => {
    if (!dirty || window.confirm('Discard this new job?')) props.onClose(null);
  };

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4" onClick={close}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="new-job-title"
        className="mt-10 w-full max-w-lg rounded-lg bg-white p-6 shadow-xl dark:bg-slate-950"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
        }}
      >
        <h2 id="new-job-title" className="mb-4 text-xl font-bold">
          New job
        </h2>
        <form
          className="space-y-3"
          noValidate
          onSubmit={handleSubmit((v) =>
            create.mutate(
              { ...v, checklist: checklist.split('\n').map((l) => l.trim()).filter(Boolean) },
              { onSuccess: (job) => setCreated(job.id), onError: (err) => showServerErrors(err, form.setError) },
            ),
          )}
        >
          <Field label="Find a client" id="job-client-search">
            <input id="job-client-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, phone, e-mail or address" />
          </Field>
          <Field label="Client" id="job-client" error={formState.errors.clientId?.message ? 'Pick a client.' : undefined} required>
            <select id="job-client" {...register('clientId')}>
              <option value="">{options.isPending ? 'Loading…' : 'Choose…'}</option>
              {(options.data?.clients ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Site" id="job-site" error={formState.errors.siteId?.message} required>
            <select id="job-site" {...register('siteId')} disabled={!client}>
              <option value="">{client && client.sites.length === 0 ? 'This client has no sites yet' : 'Choose…'}</option>
              {(client?.sites ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label} — {s.address}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Type" id="job-new-type" error={formState.errors.type?.message} required>
            <select id="job-new-type" {...register('type')}>
              <JobTypeOptions />
            </select>
          </Field>
          <Field label="Title" id="job-new-title" error={formState.errors.title?.message} required>
            <input id="job-new-title" {...register('title')} maxLength={200} />
          </Field>
          <Field label="Checklist (one item per line)" id="job-new-checklist">
            <textarea id="job-new-checklist" rows={3} value={checklist} onChange={(e) => setChecklist(e.target.value)} />
          </Field>
          <Field label="Notes" id="job-new-notes" error={formState.errors.notes?.message}>
            <textarea id="job-new-notes" rows={2} {...register('notes')} />
          </Field>
          <FormError error={rootNotAtField(formState.errors)} />
          <div className="flex justify-end gap-2">
            <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm dark:border-slate-700" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create job'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
