import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { contactDetailsSchema, type ContactDetailsInput, type PortalHub } from '#contracts/portal.ts';
import { apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Button } from '#ui/Button.tsx';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';
import { PORTAL_KEY } from './queries.ts';

const ADDRESS = [
  ['line1', 'Street address'],
  ['line2', 'Address line 2'],
  ['city', 'City'],
  ['region', 'State / region'],
  ['postcode', 'ZIP / postcode'],
  ['country', 'Country'],
] as const;
const FIELDS = ['phone', 'email', ...ADDRESS.map(([k]) => `billingAddress.${k}`)];

/** The customer's own phone, e-mail and billing address; the office is told of every change. */
export function ContactDetailsForm({ clientId, hub, onEmailChanged }: { clientId: string; hub: PortalHub; onEmailChanged: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<ContactDetailsInput, unknown, unknown>({
    resolver: zodResolver(contactDetailsSchema),
    defaultValues: { phone: hub.client.contact.phone, email: hub.client.contact.email, billingAddress: hub.client.billingAddress },
  });
  const { register, handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (values) => {
    setSaved(null);
    try {
      const r = await apiFetch<{ message: string; emailChanged: boolean }>(`/api/portal/clients/${encodeURIComponent(clientId)}/contact`, { method: 'PUT', json: values });
      if (r.emailChanged) return onEmailChanged(r.message);
      setSaved(r.message);
      await queryClient.invalidateQueries({ queryKey: PORTAL_KEY });
    } catch (err) {
      showServerErrors(err, setError, FIELDS);
    }
  });
  const errors = formState.errors;
  const addressErrors = (errors.billingAddress ?? {}) as Record<string, { message?: string } | undefined>;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Your details">
      {saved && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {saved}
        </p>
      )}
      <FormError error={rootNotAtField(errors)} />
      <Field label="E-mail" id="contact-email" error={errors.email?.message} required>
        <input id="contact-email" type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label="Phone" id="contact-phone" error={errors.phone?.message}>
        <input id="contact-phone" type="tel" autoComplete="tel" {...register('phone')} />
      </Field>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">Billing address</legend>
        {ADDRESS.map(([key, label]) => (
          <Field key={key} label={label} id={`contact-${key}`} error={addressErrors[key]?.message}>
            <input id={`contact-${key}`} {...register(`billingAddress.${key}`)} />
          </Field>
        ))}
      </fieldset>
      <p className="text-sm text-slate-600 dark:text-slate-400">Changing your e-mail changes the address you sign in with.</p>
      <div>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save my details'}
        </Button>
      </div>
    </form>
  );
}
