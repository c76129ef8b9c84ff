import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { REVIEW_SERVICE_OPTIONS, reviewRequestSchema, type ReviewRequest } from '#contracts/reviews.ts';
import { apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { errorClass, fieldsetClass, legendClass } from '#ui/form-styles.ts';
import { FormError } from '#ui/FormError.tsx';
import { Honeypot, SendButton } from '#ui/PublicFormParts.tsx';

const FIELDS = ['authorName', 'rating', 'text', 'service'] as const;
const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * Leave a review. The rating is a real radio group (fieldset/legend), so it works with a keyboard
 * and screen readers. `name`: the review request mail's link fills in the customer's name.
 */
export function ReviewForm({ name = '' }: { name?: string }) {
  const [sent, setSent] = useState(false);
  const form = useForm<ReviewRequest, unknown, unknown>({
    resolver: zodResolver(reviewRequestSchema),
    defaultValues: { authorName: name, text: '', service: '', website: '' },
  });
  const { register, handleSubmit, setError, formState, control } = form;
  const send = useMutation({ mutationFn: (body: unknown) => apiFetch('/api/reviews', { method: 'POST', json: body }) });
  const chosen = Number(useWatch({ control, name: 'rating' }) ?? 0);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      setSent(true);
    } catch (err) {
      showServerErrors(err, setError, FIELDS);
    }
  });

  if (sent) {
    return (
      <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-5 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50">
        <p className="font-semibold">Thank you for your review.</p>
        <p className="mt-1">We read every review before it appears here, usually within a day or two.</p>
      </div>
    );
  }

  const errors = formState.errors;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5" aria-label="Leave a review">
      <FormError error={rootNotAtField(errors)} />
      <Field label="Your name" id="review-name" error={errors.authorName?.message} required>
        <input id="review-name" autoComplete="name" {...register('authorName')} />
      </Field>
      <fieldset className={fieldsetClass} aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend className={legendClass}>
          Your rating <span aria-hidden className="text-red-700 dark:text-red-400">*</span>
        </legend>
        <div className="flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input type="radio" value={n} className="peer sr-only" {...register('rating')} />
              <span className="flex items-center rounded-md p-1 peer-focus-visible:outline-2 peer-focus-visible:outline-blue-600">
                <Star aria-hidden className={`h-8 w-8 ${n <= chosen ? 'fill-amber-400 text-amber-500' : 'fill-none text-slate-500 dark:text-slate-400'}`} />
                <span className="sr-only">
                  {n} {n === 1 ? 'star' : 'stars'} — {RATING_WORDS[n]}
                </span>
              </span>
            </label>
          ))}
          <span className="ml-2 self-center text-sm text-slate-700 dark:text-slate-300" aria-hidden>
            {chosen > 0 ? RATING_WORDS[chosen] : ''}
          </span>
        </div>
        {errors.rating && (
          <p id="review-rating-error" className={errorClass}>
            {errors.rating.message}
          </p>
        )}
      </fieldset>
      <Field label="Service (optional)" id="review-service" error={errors.service?.message}>
        <select id="review-service" {...register('service')}>
          <option value="">General</option>
          {REVIEW_SERVICE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Your review" id="review-text" error={errors.text?.message} required>
        <textarea id="review-text" rows={5} {...register('text')} />
      </Field>
      <Honeypot id="review-website" field={register('website')} />
      <SendButton submitting={formState.isSubmitting} label="Submit review" />
    </form>
  );
}
