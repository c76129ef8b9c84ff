import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { contactRequestSchema, type ContactRequest, type ContactResponse } from '#contracts/contact.ts';
import { apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { FormError } from '#ui/FormError.tsx';
import { NameEmailFields, SendButton } from '#ui/PublicFormParts.tsx';

const FIELD_NAMES = ['name', 'email', 'phone', 'subject', 'message'] as const;

export function ContactForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ContactRequest>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name: '', email: '', phone: '', subject: '', message: '' },
  });
  const { register, handleSubmit, setError, reset, formState } = form;
  const send = useMutation({
    mutationFn: (body: ContactRequest) => apiFetch<ContactResponse>('/api/contact', { method: 'POST', json: body }),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      setSentTo(values.name.trim());
      reset();
    } catch (err) {
      // The server checks the same schema; show anything it still refused next to its field.
      showServerErrors(err, setError, FIELD_NAMES);
    }
  });

  if (sentTo !== null) {
    return (
      <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-6 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100">
        <h2 className="text-lg font-semibold">Thank you, {sentTo}. Your message has been sent.</h2>
        <p className="mt-2">We reply to every message within one business day. For an alarm emergency, call us.</p>
        <button type="button" className="mt-4 font-medium underline" onClick={() => setSentTo(null)}>
          Send another message
        </button>
      </div>
    );
  }

  const errors = formState.errors;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-2xl gap-5" aria-label="Contact form">
      <FormError error={rootNotAtField(errors)} />
      <NameEmailFields idPrefix="contact" name={register('name')} email={register('email')} errors={errors} />
      <Field label="Phone (optional)" id="contact-phone" error={errors.phone?.message}>
        <input id="contact-phone" type="tel" autoComplete="tel" {...register('phone')} />
      </Field>
      <Field label="Subject" id="contact-subject" error={errors.subject?.message} required>
        <input id="contact-subject" {...register('subject')} />
      </Field>
      <Field label="Message" id="contact-message" error={errors.message?.message} required>
        <textarea id="contact-message" rows={6} {...register('message')} />
      </Field>
      <SendButton submitting={formState.isSubmitting} label="Send message" />
    </form>
  );
}
