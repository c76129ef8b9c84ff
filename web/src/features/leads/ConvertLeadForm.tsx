import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CLIENT_KIND_VALUES, leadConversionSchema, type ClientView, type LeadConversionInput } from '#contracts/clients.ts';
import type { Lead } from '#contracts/quotes.ts';
import { leadConversionDraft, serviceLabel } from '#domain/clients/lead-conversion.ts';
import { apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { Options } from '#ui/Options.tsx';
import { FormError } from '#ui/FormError.tsx';
import { SaveCancel } from '#ui/FormParts.tsx';
import { useNoSilentErrors } from '#ui/no-silent-errors.ts';
import { todayIso } from '#ui/dates.ts';
import { addDays } from '#domain/shared/calendar-date.ts';
import { usePostcodeLabel } from '#ui/address-labels.ts';

const JOB_TYPES = ['install', 'prewire', 'panel-upgrade', 'consultation', 'service', 'inspection'] as const;
const JOB_FOR_SERVICE: Record<string, (typeof JOB_TYPES)[number]> = { alarm: 'install', cameras: 'install', prewire: 'prewire', 'panel-upgrade': 'panel-upgrade', consultation: 'consultation' };

type FormValues = Omit<LeadConversionInput, 'tags'> & { tags: string; followUp: 'none' | 'job' | 'proposal'; jobType: (typeof JOB_TYPES)[number] };

const splitTags = (s: string) =>
  s
    .split(/[,;]/)
    .map((t) => t.trim())
    .filter(Boolean);
const toInput = ({ followUp: _f, jobType: _j, tags, ...v }: FormValues): LeadConversionInput => ({ ...v, tags: splitTags(tags) });

/** The follow-up the person picked, made from the request: a job (with the request's photos) or a proposal draft. */
async function createFollowUp(lead: Lead, client: ClientView, v: FormValues): Promise<void> {
  const siteId = client.sites[0]!.id;
  const services = lead.services.map(serviceLabel).join(', ') || 'Security work';
  const title = `${services} — from quote request`.slice(0, 120);
  if (v.followUp === 'job') {
    const job = await apiFetch<{ id: string }>('/api/jobs', { method: 'POST', json: { clientId: client.id, siteId, type: v.jobType, title, notes: lead.description.slice(0, 5000) } });
    for (const [i, p] of lead.photos.entries()) {
      const res = await fetch(`/api/admin/leads/${encodeURIComponent(lead.id)}/photos/${i}`, { credentials: 'same-origin' });
      if (!res.ok) continue;
      const form = new FormData();
      form.append('photo', await res.blob(), p.fileName ?? `quote-photo-${i + 1}.jpg`);
      await apiFetch(`/api/jobs/${encodeURIComponent(job.id)}/photos`, { method: 'POST', body: form });
    }
  } else if (v.followUp === 'proposal') {
    const validUntil = addDays(todayIso(), 30);
    await apiFetch('/api/proposals', {
      method: 'POST',
      json: {
        clientId: client.id,
        siteId,
        title,
        depositPercent: 0,
        validUntil,
        options: [
          {
            id: 'good',
            tier: 'good',
            name: 'Proposed work',
            description: lead.description.slice(0, 2000),
            lines: [{ kind: 'labour', description: `Site survey and quote: ${services}`.slice(0, 300), quantity: 1, unitPriceCents: 0, taxRateBp: 0 }],
          },
        ],
      },
    });
  }
}

/**
 * A quote request becomes a client through a form pre-filled from it (address split into its
 * fields, what could not be split shown above them), with an optional first job or proposal
 * draft. The lead stays open ("converted") until something is sold.
 */
export function ConvertLeadForm({ lead, onCancel }: { lead: Lead; onCancel: () => void }) {
  const postcodeLabel = usePostcodeLabel();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { unparsedAddress, tags, ...draft } = leadConversionDraft({ ...lead, photos: lead.photos.length });
  const form = useForm<FormValues>({
    resolver: (values, context, options) => zodResolver(leadConversionSchema)(toInput(values) as never, context, options as never) as never,
    defaultValues: { ...draft, tags: tags.join(', '), followUp: 'none', jobType: JOB_FOR_SERVICE[lead.services[0] ?? ''] ?? 'install' },
  });
  const { register, formState, control } = form;
  const errors = formState.errors;
  const ref = useRef<HTMLFormElement>(null);
  useNoSilentErrors(form, ref);
  const followUp = useWatch({ control, name: 'followUp' });
  const tagError = errors.tags?.message ?? (Array.isArray(errors.tags) ? (errors.tags as ({ message?: string } | undefined)[]).find((e) => e?.message)?.message : undefined);

  // The resolver hands over the parsed input; the raw form values are what toInput reads.
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    let client: ClientView;
    try {
      client = await apiFetch<ClientView>(`/api/leads/${encodeURIComponent(lead.id)}/convert`, { method: 'POST', json: toInput(values) });
    } catch (err) {
      showServerErrors(err, form.setError);
      return;
    }
    try {
      await createFollowUp(lead, client, values);
    } catch (err) {
      form.setError('root', { message: `The client was created, but the ${values.followUp === 'job' ? 'job' : 'proposal draft'} was not: ${err instanceof Error ? err.message : 'unknown error'}. Open the client to add it.` });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    await navigate({ to: '/admin/clients/$clientId', params: { clientId: client.id } });
  });

  const id = (s: string) => `convert-${lead.id}-${s}`;
  return (
    <form ref={ref} noValidate onSubmit={(e) => void submit(e)} aria-label={`Convert ${lead.name} to a client`} className="mt-4 grid gap-4 rounded-lg border border-blue-200 p-4 dark:border-blue-900">
      <h3 className="font-semibold">New client from this request — check and save</h3>
      <FormError error={rootNotAtField(errors)} />
      {unparsedAddress && (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          The address “{unparsedAddress}” could not be split into street, city and state. Check the address fields below.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Name" id={id('name')} error={errors.name?.message} required>
          <input id={id('name')} {...register('name')} />
        </Field>
        <Field label="E-mail" id={id('email')} error={errors.email?.message}>
          <input id={id('email')} type="email" {...register('email')} />
        </Field>
        <Field label="Phone" id={id('phone')} error={errors.phone?.message}>
          <input id={id('phone')} type="tel" {...register('phone')} />
        </Field>
        <Field label="Kind" id={id('kind')} error={errors.kind?.message}>
          <select id={id('kind')} {...register('kind')}>
            <Options values={CLIENT_KIND_VALUES} labels={{ residential: 'Residential', commercial: 'Commercial' }} />
          </select>
        </Field>
        <Field label="Site label" id={id('site')} error={errors.siteLabel?.message} required>
          <input id={id('site')} {...register('siteLabel')} />
        </Field>
        <Field label="Tags (comma-separated)" id={id('tags')} error={tagError}>
          <input id={id('tags')} {...register('tags')} />
        </Field>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="text-sm font-semibold">Address (client and site)</legend>
        <Field label="Street address" id={id('line1')} error={errors.address?.line1?.message} required>
          <input id={id('line1')} {...register('address.line1')} />
        </Field>
        <Field label="Address line 2" id={id('line2')} error={errors.address?.line2?.message}>
          <input id={id('line2')} {...register('address.line2')} />
        </Field>
        <Field label="City" id={id('city')} error={errors.address?.city?.message}>
          <input id={id('city')} {...register('address.city')} />
        </Field>
        <Field label="State" id={id('region')} error={errors.address?.region?.message}>
          <input id={id('region')} {...register('address.region')} />
        </Field>
        <Field label={postcodeLabel} id={id('postcode')} error={errors.address?.postcode?.message}>
          <input id={id('postcode')} {...register('address.postcode')} />
        </Field>
        <Field label="Country" id={id('country')} error={errors.address?.country?.message}>
          <input id={id('country')} {...register('address.country')} />
        </Field>
      </fieldset>
      <Field label="Notes (the request's description and services)" id={id('notes')} error={errors.notes?.message}>
        <textarea id={id('notes')} rows={4} {...register('notes')} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold">Then create</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="none" {...register('followUp')} /> Nothing yet
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="job" {...register('followUp')} /> A first job{lead.photos.length > 0 ? ` (with the request's ${lead.photos.length} photo${lead.photos.length === 1 ? '' : 's'})` : ''}
        </label>
        {followUp === 'job' && (
          <Field label="Job type" id={id('jobtype')} error={errors.jobType?.message}>
            <select id={id('jobtype')} {...register('jobType')}>
              {JOB_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="proposal" {...register('followUp')} /> A proposal draft
        </label>
      </fieldset>
      <SaveCancel submitting={formState.isSubmitting} submitLabel="Create client" busyLabel="Creating…" onCancel={onCancel} />
    </form>
  );
}
