import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CalendarCheck, PhoneCall, FileText, Hammer } from 'lucide-react';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  QUOTE_SERVICE_OPTIONS,
  quoteRequestSchema,
  type QuoteRequestForm,
  type QuoteRequestParsed,
  type QuoteResponse } from '#contracts/quotes.ts';
import { ApiRequestError, apiFetch } from '#lib/api.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { choiceClass, errorClass, fieldsetClass, legendClass } from '#ui/form-styles.ts';
import { FormError } from '#ui/FormError.tsx';
import { Honeypot, SendButton } from '#ui/PublicFormParts.tsx';
import { usePostcodeLabel } from '#ui/address-labels.ts';
import { useMoneySettings } from '#ui/money.ts';
import { postcodeFormatProblem } from '#domain/quotes/postcode-format.ts';

const FIELD_NAMES = ['name', 'email', 'phone', 'services', 'propertyType', 'construction', 'address', 'postcode', 'preferredDate', 'preferredWindow', 'description'] as const;
type QuoteField = (typeof FIELD_NAMES)[number];

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function toFormData(values: QuoteRequestParsed, photos: File[]): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) for (const item of v) fd.append(k, String(item));
    else if (v !== null && v !== undefined) fd.append(k, String(v));
  }
  for (const p of photos) fd.append('photos', p, p.name);
  return fd;
}

export function QuoteForm({ initialService }: { initialService?: QuoteRequestForm['services'][number] | undefined }) {
  const postcodeLabel = usePostcodeLabel();
  const [done, setDone] = useState<{ name: string; email: string } | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { locale } = useMoneySettings();
  const form = useForm<QuoteRequestForm, unknown, QuoteRequestParsed>({
    // The schema, and the locale's postcode format with the other messages at once (the service area is the server's).
    resolver: async (values, context, options) => {
      const result = await zodResolver(quoteRequestSchema)(values, context, options);
      const format = postcodeFormatProblem(values.postcode, locale);
      return format === null ? result : { values: {}, errors: { ...result.errors, postcode: { type: 'format', message: format } } };
    },
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      services: initialService ? [initialService] : [],
      address: '',
      postcode: '',
      preferredDate: '',
      preferredWindow: '',
      description: '',
      website: '',
    },
  });
  const { register, handleSubmit, setError, formState } = form;
  const send = useMutation({
    mutationFn: (fd: FormData) => apiFetch<QuoteResponse>('/api/quotes', { method: 'POST', body: fd }),
  });

  const onPhotos = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    if (files.length > MAX_PHOTOS) setPhotoError(`Attach at most ${MAX_PHOTOS} photos.`);
    else if (files.some((f) => f.size > MAX_PHOTO_BYTES)) setPhotoError('Each photo may be 5 MB at most.');
    else setPhotoError(null);
    setPhotos(files);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (photoError) return;
    try {
      await send.mutateAsync(toFormData(values, photos));
      setDone({ name: values.name, email: values.email });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      showServerErrors(err, setError, FIELD_NAMES);
      if (err instanceof ApiRequestError && err.fields['photos']) setPhotoError(err.fields['photos'].join(' '));
    }
  });

  if (done) return <QuoteConfirmation name={done.name} email={done.email} />;

  const errors = formState.errors;
  const err = (k: QuoteField) => errors[k]?.message as string | undefined;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-3xl gap-6" aria-label="Free quote request">
      <FormError error={rootNotAtField(errors)} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" id="quote-name" error={err('name')} required>
          <input id="quote-name" autoComplete="name" {...register('name')} />
        </Field>
        <Field label="Phone" id="quote-phone" error={err('phone')} required>
          <input id="quote-phone" type="tel" autoComplete="tel" {...register('phone')} />
        </Field>
      </div>
      <Field label="E-mail" id="quote-email" error={err('email')} required>
        <input id="quote-email" type="email" autoComplete="email" {...register('email')} />
      </Field>

      <fieldset className={fieldsetClass} aria-describedby={err('services') ? 'quote-services-error' : undefined}>
        <legend className={legendClass}>
          Services you are interested in <span aria-hidden className="text-red-700 dark:text-red-400">*</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {QUOTE_SERVICE_OPTIONS.map((o) => (
            <label key={o.value} className={choiceClass}>
              <input type="checkbox" value={o.value} className="h-4 w-4 accent-blue-700" {...register('services')} />
              {o.label}
            </label>
          ))}
        </div>
        {err('services') && (
          <p id="quote-services-error" className={errorClass}>
            {err('services')}
          </p>
        )}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <RadioGroup legend="Property" name="propertyType" error={err('propertyType')} options={[['residential', 'Residential'], ['commercial', 'Commercial']]} register={register} />
        <RadioGroup legend="Building" name="construction" error={err('construction')} options={[['existing', 'Existing building'], ['new', 'New build or remodel']]} register={register} />
      </div>

      <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
        <Field label="Property address" id="quote-address" error={err('address')} required>
          <input id="quote-address" autoComplete="street-address" {...register('address')} />
        </Field>
        <Field label={postcodeLabel} id="quote-postcode" error={err('postcode')} required>
          <input id="quote-postcode" autoComplete="postal-code" inputMode="text" {...register('postcode')} />
        </Field>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Preferred visit date (optional)" id="quote-date" error={err('preferredDate')}>
          <input id="quote-date" type="date" min={localToday()} {...register('preferredDate')} />
        </Field>
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Preferred time (optional)</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ['', 'No preference'],
                ['morning', 'Morning'],
                ['afternoon', 'Afternoon'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className={choiceClass}>
                <input type="radio" value={value} className="h-4 w-4 accent-blue-700" {...register('preferredWindow')} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <Field label="Tell us about the job" id="quote-description" error={err('description')} required>
        <textarea id="quote-description" rows={5} placeholder="For example: two-storey house, cameras for the driveway and back garden, existing alarm from 2009." {...register('description')} />
      </Field>

      <div>
        <label htmlFor="quote-photos" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Photos (optional, up to 3, JPEG, PNG, WebP or HEIC, 5 MB each)
        </label>
        <input
          id="quote-photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          onChange={onPhotos}
          aria-invalid={photoError ? true : undefined}
          aria-describedby={photoError ? 'quote-photos-error' : 'quote-photos-hint'}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:font-medium dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        {photoError ? (
          <p id="quote-photos-error" className={errorClass}>
            {photoError}
          </p>
        ) : (
          <p id="quote-photos-hint" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            A photo of the old panel, the driveway or the plans helps us quote accurately.
          </p>
        )}
      </div>

      <Honeypot id="quote-website" field={register('website')} />

      <SendButton submitting={formState.isSubmitting} label="Request my free quote">
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">We use your details only to prepare your quote. No mailing lists.</p>
      </SendButton>
    </form>
  );
}

function RadioGroup(props: {
  legend: string;
  name: 'propertyType' | 'construction';
  error: string | undefined;
  options: readonly (readonly [string, string])[];
  register: ReturnType<typeof useForm<QuoteRequestForm, unknown, QuoteRequestParsed>>['register'];
}) {
  const errorId = `quote-${props.name}-error`;
  return (
    <fieldset className={fieldsetClass} aria-describedby={props.error ? errorId : undefined}>
      <legend className={legendClass}>
        {props.legend} <span aria-hidden className="text-red-700 dark:text-red-400">*</span>
      </legend>
      <div className="flex flex-wrap gap-4">
        {props.options.map(([value, label]) => (
          <label key={value} className={choiceClass}>
            <input type="radio" value={value} className="h-4 w-4 accent-blue-700" {...props.register(props.name)} />
            {label}
          </label>
        ))}
      </div>
      {props.error && (
        <p id={errorId} className={errorClass}>
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

function QuoteConfirmation({ name, email }: { name: string; email: string }) {
  const steps = [
    { icon: PhoneCall, text: 'Within one business day we call or e-mail you to talk through what you need.' },
    { icon: CalendarCheck, text: 'We book a free visit at a time that suits you — your preferred date if we can.' },
    { icon: FileText, text: 'You get a written proposal with fixed prices and good, better and best options.' },
    { icon: Hammer, text: 'If you go ahead, our own technicians install and show you how everything works.' },
  ];
  return (
    <section role="status" aria-labelledby="quote-done" className="max-w-3xl rounded-lg border border-green-300 bg-green-50 p-6 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50">
      <h2 id="quote-done" className="text-xl font-semibold">
        Thank you, {name}. Your quote request is on its way.
      </h2>
      <p className="mt-2">We will reply to {email}. Here is what happens next:</p>
      <ol className="mt-4 space-y-3">
        {steps.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3">
            <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
            {text}
          </li>
        ))}
      </ol>
    </section>
  );
}
