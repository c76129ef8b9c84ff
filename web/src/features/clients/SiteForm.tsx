import { useRef } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZONE_TYPE_LABELS, ZONE_TYPE_VALUES, siteInputSchema, type SiteInput, type SiteView } from '#contracts/clients.ts';
import { Field } from '#ui/Field.tsx';
import { usePostcodeLabel } from '#ui/address-labels.ts';
import { cleaning, errorAt } from './form-helpers.ts';
import { useNoSilentErrors } from '#ui/no-silent-errors.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Button } from '#ui/Button.tsx';
import { FormError } from '#ui/FormError.tsx';
import { SaveCancel } from '#ui/FormParts.tsx';
import { useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';

/** The form's shape: geo as two text boxes (blank = none), passcode blank = keep. */
export type SiteFormValues = Omit<SiteInput, 'geo'> & { geo: { latitude: string; longitude: string } | null; removePasscode?: boolean };

export const emptySite = (): SiteFormValues => ({
  label: '',
  address: { line1: '', line2: '', city: '', region: '', postcode: '', country: '' },
  geo: { latitude: '', longitude: '' },
  alarm: { centralStation: '', accountNumber: '', panelModel: '', zones: [], emergencyContacts: [], passcode: '' },
});

/**
 * A stored site as form values. Only the fields the form edits: the view's `alarm.hasPasscode`
 * once rode along here, the strict schema refused it, and Save did nothing on every existing site.
 */
export function siteFormValues(s: SiteView): SiteFormValues {
  const { centralStation, accountNumber, panelModel, zones, emergencyContacts } = s.alarm;
  return {
    label: s.label,
    address: { ...s.address },
    geo: s.geo ? { latitude: String(s.geo.latitude), longitude: String(s.geo.longitude) } : { latitude: '', longitude: '' },
    alarm: { centralStation, accountNumber, panelModel, zones: zones.map((z) => ({ ...z })), emergencyContacts: emergencyContacts.map((c) => ({ ...c })), passcode: '' },
  };
}

/** To the API's shape: numbers for geo, no passcode key when it is to be kept. */
export function cleanSite(v: SiteFormValues): SiteInput {
  const { removePasscode, geo, alarm, ...rest } = v;
  const lat = geo?.latitude?.trim() ?? '';
  const lng = geo?.longitude?.trim() ?? '';
  const { passcode, centralStation, accountNumber, panelModel, zones, emergencyContacts } = alarm ?? {};
  return {
    label: rest.label,
    address: rest.address,
    geo: lat === '' && lng === '' ? null : { latitude: Number(lat), longitude: Number(lng) },
    alarm: { centralStation, accountNumber, panelModel, zones, emergencyContacts, ...(removePasscode ? { passcode: null } : passcode ? { passcode } : {}) },
  } as SiteInput;
}

/** Site fields, usable inside another form (`prefix` 'sites.0.') or on their own (''). */
export function SiteFields({ form, prefix, isNew, hasPasscode }: { form: UseFormReturn<SiteFormValues>; prefix: string; isNew?: boolean; hasPasscode?: boolean }) {
  const { register, control, formState } = form;
  const p = (path: string) => `${prefix}${path}` as never;
  const err = (path: string) => errorAt(formState.errors, `${prefix}${path}`);
  const zones = useFieldArray({ control, name: p('alarm.zones') });
  const contacts = useFieldArray({ control, name: p('alarm.emergencyContacts') });
  const id = (s: string) => `site-${prefix.replace(/\W/g, '')}${s}`;
  const postcodeLabel = usePostcodeLabel();
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Site label" id={id('label')} error={err('label')} required>
          <input id={id('label')} placeholder="Home, Warehouse…" {...register(p('label'))} />
        </Field>
        <Field label="Site street address" id={id('line1')} error={err('address.line1')} required>
          <input id={id('line1')} {...register(p('address.line1'))} />
        </Field>
        <Field label="Site address line 2" id={id('line2')} error={err('address.line2')}>
          <input id={id('line2')} placeholder="Apartment, suite, unit" {...register(p('address.line2'))} />
        </Field>
        <Field label="Site city" id={id('city')} error={err('address.city')}>
          <input id={id('city')} {...register(p('address.city'))} />
        </Field>
        <Field label="Site state / region" id={id('region')} error={err('address.region')}>
          <input id={id('region')} {...register(p('address.region'))} />
        </Field>
        <Field label={`Site ${postcodeLabel}`} id={id('postcode')} error={err('address.postcode')}>
          <input id={id('postcode')} {...register(p('address.postcode'))} />
        </Field>
        <div className="grid grid-cols-2 gap-2">
          <Field label="Latitude" id={id('lat')} error={err('geo.latitude') ?? err('geo')}>
            <input id={id('lat')} inputMode="decimal" {...register(p('geo.latitude'))} />
          </Field>
          <Field label="Longitude" id={id('lng')} error={err('geo.longitude')}>
            <input id={id('lng')} inputMode="decimal" {...register(p('geo.longitude'))} />
          </Field>
        </div>
      </div>
      <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-800">
        <legend className="px-1 font-semibold">Alarm account</legend>
        <div className="grid gap-3 sm:grid-cols-4">
          <Field label="Central station" id={id('station')} error={err('alarm.centralStation')}>
            <input id={id('station')} {...register(p('alarm.centralStation'))} />
          </Field>
          <Field label="Account number" id={id('account')} error={err('alarm.accountNumber')}>
            <input id={id('account')} {...register(p('alarm.accountNumber'))} />
          </Field>
          <Field label="Panel model" id={id('panel')} error={err('alarm.panelModel')}>
            <input id={id('panel')} {...register(p('alarm.panelModel'))} />
          </Field>
          <Field label={isNew || !hasPasscode ? 'Passcode' : 'New passcode (blank keeps the current one)'} id={id('passcode')} error={err('alarm.passcode')}>
            <input id={id('passcode')} type="password" autoComplete="off" {...register(p('alarm.passcode'))} />
          </Field>
        </div>
        {!isNew && hasPasscode && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('removePasscode')} /> Remove the stored passcode
          </label>
        )}
        <div>
          <p className="text-sm font-medium">Zones {err('alarm.zones') && <span data-field-error className="text-red-700"> — {err('alarm.zones')}</span>}</p>
          {zones.fields.map((f, i) => (
            // On a phone: number and name, then the type across, then Remove; nothing wider than the screen.
            <div key={f.id} className="mt-2 grid grid-cols-[4.5rem_minmax(0,1fr)] items-end gap-2 max-sm:border-t max-sm:border-slate-200 max-sm:pt-2 sm:grid-cols-[5rem_minmax(0,1fr)_10rem_auto] dark:max-sm:border-slate-800">
              <Field label="No." id={id(`zone${i}n`)} error={err(`alarm.zones.${i}.number`)}>
                <input id={id(`zone${i}n`)} type="number" {...register(p(`alarm.zones.${i}.number`), { valueAsNumber: true })} />
              </Field>
              <Field label="Zone name" id={id(`zone${i}name`)} error={err(`alarm.zones.${i}.name`)}>
                <input id={id(`zone${i}name`)} {...register(p(`alarm.zones.${i}.name`))} />
              </Field>
              <div className="max-sm:col-span-2">
                <Field label="Type" id={id(`zone${i}type`)} error={err(`alarm.zones.${i}.type`)}>
                  <select id={id(`zone${i}type`)} {...register(p(`alarm.zones.${i}.type`))}>
                    {ZONE_TYPE_VALUES.map((t) => (
                      <option key={t} value={t}>
                        {ZONE_TYPE_LABELS[t]}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <Button variant="ghost" className="max-sm:justify-self-start" onClick={() => zones.remove(i)}>
                Remove
              </Button>
            </div>
          ))}
          <Button variant="secondary" className="mt-2" onClick={() => zones.append({ number: zones.fields.length + 1, name: '', type: 'entry-exit' } as never)}>
            Add zone
          </Button>
        </div>
        <div>
          <p className="text-sm font-medium">Emergency contacts {err('alarm.emergencyContacts') && <span data-field-error className="text-red-700"> — {err('alarm.emergencyContacts')}</span>}</p>
          {contacts.fields.map((f, i) => (
            // On a phone one field per line, then Remove.
            <div key={f.id} className="mt-2 grid grid-cols-1 items-end gap-2 max-sm:border-t max-sm:border-slate-200 max-sm:pt-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] dark:max-sm:border-slate-800">
              <Field label="Name" id={id(`ec${i}name`)} error={err(`alarm.emergencyContacts.${i}.name`)}>
                <input id={id(`ec${i}name`)} {...register(p(`alarm.emergencyContacts.${i}.name`))} />
              </Field>
              <Field label="Phone" id={id(`ec${i}phone`)} error={err(`alarm.emergencyContacts.${i}.phone`)}>
                <input id={id(`ec${i}phone`)} type="tel" {...register(p(`alarm.emergencyContacts.${i}.phone`))} />
              </Field>
              <Field label="Relation" id={id(`ec${i}rel`)} error={err(`alarm.emergencyContacts.${i}.relation`)}>
                <input id={id(`ec${i}rel`)} {...register(p(`alarm.emergencyContacts.${i}.relation`))} />
              </Field>
              <Button variant="ghost" className="max-sm:justify-self-start" onClick={() => contacts.remove(i)}>
                Remove
              </Button>
            </div>
          ))}
          <Button variant="secondary" className="mt-2" onClick={() => contacts.append({ name: '', phone: '', relation: '' } as never)}>
            Add emergency contact
          </Button>
        </div>
      </fieldset>
    </div>
  );
}

/** Add or edit one site on its own. */
export function SiteForm({ site, onSave, onCancel }: { site?: SiteView; onSave: (body: SiteInput) => Promise<void>; onCancel: () => void }) {
  const form = useForm<SiteFormValues>({
    resolver: cleaning(zodResolver(siteInputSchema) as never, (v) => cleanSite(v) as never),
    defaultValues: site ? siteFormValues(site) : emptySite(),
  });
  const ref = useRef<HTMLFormElement>(null);
  useNoSilentErrors(form, ref);
  useUnsavedChangesWarning(form.formState.isDirty && !form.formState.isSubmitting && !form.formState.isSubmitSuccessful);
  // The resolver hands over parsed values; the API gets the cleaned raw ones (same checks, same shape).
  const submit = form.handleSubmit(async () => {
    try {
      await onSave(cleanSite(form.getValues()));
    } catch (err) {
      showServerErrors(err, form.setError);
    }
  });
  return (
    <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 rounded-lg border border-blue-200 p-4 dark:border-blue-900" aria-label={site ? `Edit site ${site.label}` : 'New site'}>
      <FormError error={rootNotAtField(form.formState.errors)} />
      <SiteFields form={form} prefix="" isNew={!site} hasPasscode={site?.alarm.hasPasscode ?? false} />
      <SaveCancel submitting={form.formState.isSubmitting} submitLabel={'Save site'} onCancel={onCancel} />
    </form>
  );
}
