import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serviceRequestSchema, type ServiceRequestInput } from '#contracts/portal.ts';
import { apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Button } from '#ui/Button.tsx';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';

const FIELDS = ['siteId', 'summary', 'details', 'preferredTimes'] as const;

/** A service request: goes to the office inbox, where staff can open a job from it. */
export function ServiceRequestForm({ clientId, sites }: { clientId: string; sites: { id: string; label: string; address: string }[] }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ServiceRequestInput, unknown, unknown>({
    resolver: zodResolver(serviceRequestSchema),
    defaultValues: { siteId: sites.length === 1 ? sites[0]!.id : '', summary: '', details: '', preferredTimes: '' },
  });
  const { register, handleSubmit, setError, formState, reset } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const r = await apiFetch<{ message: string }>(`/api/portal/clients/${encodeURIComponent(clientId)}/service-requests`, { method: 'POST', json: values });
      setSent(r.message);
      reset();
    } catch (err) {
      showServerErrors(err, setError, FIELDS);
    }
  });
  if (sites.length === 0) return <p className="text-slate-700 dark:text-slate-300">We have no site on file for you yet; please call us.</p>;
  const errors = formState.errors;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Request service">
      {sent && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {sent}
        </p>
      )}
      <FormError error={rootNotAtField(errors)} />
      <Field label="Site" id="service-site" error={errors.siteId?.message} required>
        <select id="service-site" {...register('siteId')}>
          <option value="">Choose the site</option>
          {sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
              {s.address ? ` — ${s.address}` : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field label="What needs doing?" id="service-summary" error={errors.summary?.message} required>
        <input id="service-summary" placeholder="e.g. Back door sensor keeps beeping" {...register('summary')} />
      </Field>
      <Field label="Details (optional)" id="service-details" error={errors.details?.message}>
        <textarea id="service-details" rows={4} placeholder="What happens, since when, what the keypad shows." {...register('details')} />
      </Field>
      <Field label="Good times for a visit (optional)" id="service-times" error={errors.preferredTimes?.message}>
        <input id="service-times" placeholder="e.g. weekday mornings" {...register('preferredTimes')} />
      </Field>
      <div>
        <Button type="submit" disabled={formState.isSubmitting} onClick={() => setSent(null)}>
          {formState.isSubmitting ? 'Sending…' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}
