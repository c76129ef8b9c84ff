import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { SUPPORT_TOPICS, supportRequestSchema, type SupportRequest } from '#contracts/support.ts';
import { apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';
import { Honeypot, NameEmailFields, SendButton } from '#ui/PublicFormParts.tsx';

const FIELDS = ['name', 'email', 'phone', 'topic', 'message'] as const;

/** A support request: lands in the staff inbox as kind 'support'. */
export function SupportForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SupportRequest, unknown, unknown>({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: { name: '', email: '', phone: '', message: '', website: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const send = useMutation({ mutationFn: (body: unknown) => apiFetch('/api/support', { method: 'POST', json: body }) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      setSentTo((values as { name: string }).name);
    } catch (err) {
      showServerErrors(err, setError, FIELDS);
    }
  });

  if (sentTo !== null) {
    return (
      <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-5 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50">
        <p className="font-semibold">Thanks, {sentTo}. Your support request is with our technicians.</p>
        <p className="mt-1">We reply within one business day. If your alarm is sounding or you cannot disarm it, please call us now.</p>
      </div>
    );
  }
  const errors = formState.errors;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5" aria-label="Support request">
      <FormError error={rootNotAtField(errors)} />
      <NameEmailFields idPrefix="support" name={register('name')} email={register('email')} errors={errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Phone (optional)" id="support-phone" error={errors.phone?.message}>
          <input id="support-phone" type="tel" autoComplete="tel" {...register('phone')} />
        </Field>
        <Field label="What do you need help with?" id="support-topic" error={errors.topic?.message} required>
          <select id="support-topic" defaultValue="" {...register('topic')}>
            <option value="" disabled>
              Choose a topic
            </option>
            {SUPPORT_TOPICS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label="Describe the problem" id="support-message" error={errors.message?.message} required>
        <textarea id="support-message" rows={5} placeholder="What happened, when it started, and what the keypad or app shows." {...register('message')} />
      </Field>
      <Honeypot id="support-website" field={register('website')} />
      <SendButton submitting={formState.isSubmitting} label="Send support request" />
    </form>
  );
}
