import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInLinkRequestSchema } from '#contracts/portal.ts';
import { apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';
import { Button } from '#ui/Button.tsx';

/** "E-mail me a link": the same answer whatever the address, so the form tells nobody who our clients are. */
export function EmailLinkForm({ label = 'E-mail me a link' }: { label?: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<{ email: string }>({ resolver: zodResolver(signInLinkRequestSchema), defaultValues: { email: '' } });
  const { register, handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const r = await apiFetch<{ message: string }>('/api/portal/sign-in-link', { method: 'POST', json: values });
      setSent(r.message);
    } catch (err) {
      showServerErrors(err, setError, ['email']);
    }
  });
  if (sent !== null) {
    return (
      <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50">
        <p className="font-semibold">Check your e-mail.</p>
        <p className="mt-1 text-sm">{sent}</p>
        <button type="button" className="mt-2 text-sm font-semibold text-blue-700 underline dark:text-blue-400" onClick={() => setSent(null)}>
          Use another address
        </button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3" aria-label="E-mail me a sign-in link">
      <FormError error={rootNotAtField(formState.errors)} />
      <Field label="Your e-mail" id="portal-link-email" error={formState.errors.email?.message} required>
        <input id="portal-link-email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register('email')} />
      </Field>
      <Button type="submit" variant="secondary" disabled={formState.isSubmitting} className="w-full sm:w-auto">
        {formState.isSubmitting ? 'Sending…' : label}
      </Button>
    </form>
  );
}
