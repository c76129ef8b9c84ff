import { useRef, type InputHTMLAttributes } from 'react';
import { useForm, useFieldArray, useWatch, Controller, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CLIENT_KIND_VALUES, CLIENT_SOURCE_LABELS, CLIENT_SOURCE_VALUES, clientInputSchema, type ClientInput, type ClientView } from '#contracts/clients.ts';
import { Field } from '#ui/Field.tsx';
import { Options } from '#ui/Options.tsx';
import { cleaning, errorAt, joinList, listErrorAt, splitList } from './form-helpers.ts';
import { useNoSilentErrors } from '#ui/no-silent-errors.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { SiteFields, cleanSite, emptySite, type SiteFormValues } from './SiteForm.tsx';
import { Button } from '#ui/Button.tsx';
import { FormError } from '#ui/FormError.tsx';
import { SaveCancel } from '#ui/FormParts.tsx';
import { useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { usePostcodeLabel } from '#ui/address-labels.ts';

type ListField = 'tags' | `contacts.${number}.emails` | `contacts.${number}.phones`;

/**
 * A list typed as one comma-separated text box. It passes on the props `Field` gives its child
 * (the input style, aria-invalid, aria-describedby), which a bare `Controller` would drop.
 */
function ListInput({ control, name, ...input }: { control: Control<ClientFormValues>; name: ListField } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <input {...input} ref={field.ref} name={field.name} value={joinList(field.value)} onChange={(e) => field.onChange(splitList(e.target.value))} onBlur={field.onBlur} />
      )}
    />
  );
}

export type ClientFormValues = Omit<ClientInput, 'sites'> & { sites?: SiteFormValues[]; addSite?: boolean };

const emptyAddress = { line1: '', line2: '', city: '', region: '', postcode: '', country: '' };

export function clientFormDefaults(c?: ClientView): ClientFormValues {
  return {
    kind: c?.kind ?? 'residential',
    name: c?.name ?? '',
    company: c?.company ?? '',
    contacts: c?.contacts.length ? c.contacts : [{ name: '', role: '', emails: [], phones: [] }],
    billingAddress: c?.billingAddress ?? emptyAddress,
    tags: c?.tags ?? [],
    source: c?.source ?? 'other',
    notes: c?.notes ?? '',
    sites: [],
    addSite: !c,
  };
}

/** Empty contacts are dropped; the site is sent only when "add a site" is ticked. */
function clean(v: ClientFormValues): ClientInput {
  const contacts = (v.contacts ?? [])
    .map((c) => ({ ...c, emails: (c.emails ?? []).filter(Boolean), phones: (c.phones ?? []).filter(Boolean) }))
    .filter((c) => c.name || c.role || c.emails.length || c.phones.length);
  const { addSite, ...rest } = v;
  return { ...rest, contacts, sites: addSite && v.sites?.[0] ? [cleanSite(v.sites[0])] : [] };
}

/**
 * Create (with an optional first site) and edit form for a client. `onSave` gets the body for
 * POST /api/clients; for an edit the caller sends it as a PATCH without `sites`.
 */
export function ClientForm({ initial, onSave, onCancel, submitLabel }: { initial?: ClientView; onSave: (body: ClientInput) => Promise<void>; onCancel: () => void; submitLabel: string }) {
  const postcodeLabel = usePostcodeLabel();
  const form = useForm<ClientFormValues>({
    resolver: cleaning(zodResolver(clientInputSchema) as never, (v) => clean(v) as never),
    defaultValues: { ...clientFormDefaults(initial), sites: [emptySite()] },
  });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const contacts = useFieldArray({ control, name: 'contacts' });
  const errors = formState.errors;
  useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitting && !formState.isSubmitSuccessful);
  const addSite = useWatch({ control, name: 'addSite' });
  const ref = useRef<HTMLFormElement>(null);
  useNoSilentErrors(form, ref);

  const submit = handleSubmit(async () => {
    const values = form.getValues();
    try {
      await onSave(clean(values));
      reset(values);
    } catch (err) {
      showServerErrors(err, setError);
    }
  });

  return (
    <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="grid gap-5" aria-label="Client form">
      <FormError error={rootNotAtField(errors)} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Kind" id="client-kind" error={errors.kind?.message} required>
          <select id="client-kind" {...register('kind')}>
            <Options values={CLIENT_KIND_VALUES} labels={{ residential: 'Residential', commercial: 'Commercial' }} />
          </select>
        </Field>
        <Field label="Name" id="client-name" error={errors.name?.message} required>
          <input id="client-name" {...register('name')} />
        </Field>
        <Field label="Company" id="client-company" error={errors.company?.message}>
          <input id="client-company" {...register('company')} />
        </Field>
      </div>

      <fieldset className="grid gap-3">
        <legend className="font-semibold">Contacts {errorAt(errors, 'contacts') && <span data-field-error className="text-sm text-red-700"> — {errorAt(errors, 'contacts')}</span>}</legend>
        {contacts.fields.map((f, i) => (
          <div key={f.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-4 dark:border-slate-800">
            <Field label="Contact name" id={`contact-${i}-name`} error={errorAt(errors, `contacts.${i}.name`)}>
              <input id={`contact-${i}-name`} {...register(`contacts.${i}.name`)} />
            </Field>
            <Field label="Role" id={`contact-${i}-role`} error={errorAt(errors, `contacts.${i}.role`)}>
              <input id={`contact-${i}-role`} {...register(`contacts.${i}.role`)} />
            </Field>
            <Field label="E-mail" id={`contact-${i}-email`} error={listErrorAt(errors, `contacts.${i}.emails`)}>
              <ListInput control={control} name={`contacts.${i}.emails`} id={`contact-${i}-email`} type="text" inputMode="email" />
            </Field>
            <Field label="Phone" id={`contact-${i}-phone`} error={listErrorAt(errors, `contacts.${i}.phones`)}>
              <ListInput control={control} name={`contacts.${i}.phones`} id={`contact-${i}-phone`} type="tel" />
            </Field>
            {contacts.fields.length > 1 && (
              <Button variant="ghost" onClick={() => contacts.remove(i)}>
                Remove contact
              </Button>
            )}
          </div>
        ))}
        <div>
          <Button variant="secondary" onClick={() => contacts.append({ name: '', role: '', emails: [], phones: [] })}>
            Add contact
          </Button>
        </div>
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="font-semibold">Billing address</legend>
        <Field label="Street address" id="billing-line1" error={errors.billingAddress?.line1?.message}>
          <input id="billing-line1" {...register('billingAddress.line1')} />
        </Field>
        <Field label="Address line 2" id="billing-line2" error={errors.billingAddress?.line2?.message}>
          <input id="billing-line2" {...register('billingAddress.line2')} />
        </Field>
        <Field label="City" id="billing-city" error={errors.billingAddress?.city?.message}>
          <input id="billing-city" {...register('billingAddress.city')} />
        </Field>
        <Field label="State / region" id="billing-region" error={errors.billingAddress?.region?.message}>
          <input id="billing-region" {...register('billingAddress.region')} />
        </Field>
        <Field label={postcodeLabel} id="billing-postcode" error={errors.billingAddress?.postcode?.message}>
          <input id="billing-postcode" {...register('billingAddress.postcode')} />
        </Field>
        <Field label="Country" id="billing-country" error={errors.billingAddress?.country?.message}>
          <input id="billing-country" {...register('billingAddress.country')} />
        </Field>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Source" id="client-source" error={errors.source?.message}>
          <select id="client-source" {...register('source')}>
            {CLIENT_SOURCE_VALUES.map((s) => (
              <option key={s} value={s}>
                {CLIENT_SOURCE_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Tags (comma-separated)" id="client-tags" error={listErrorAt(errors, 'tags')}>
          <ListInput control={control} name="tags" id="client-tags" />
        </Field>
      </div>
      <Field label="Notes" id="client-notes" error={errors.notes?.message}>
        <textarea id="client-notes" rows={3} {...register('notes')} />
      </Field>

      {!initial && (
        <fieldset className="grid gap-3">
          <label className="flex items-center gap-2 font-semibold">
            <input type="checkbox" {...register('addSite')} /> Add a site now
          </label>
          {addSite && <SiteFields form={form as never} prefix="sites.0." isNew />}
        </fieldset>
      )}

      <SaveCancel submitting={formState.isSubmitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
