import { useEffect } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { TEMPLATE_FIELD_NAMES, type ReminderPolicyBody } from '#contracts/reminders.ts';
import { showServerErrors } from '#lib/form-errors.ts';
import { inputClass } from '#ui/styles.ts';
import { useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { describeOffset, useSavePolicy } from './queries.ts';
import { Button } from '#ui/Button.tsx';
import { FormError } from '#ui/FormError.tsx';
import { bpToPercent, centsToDecimal } from '#domain/shared/money.ts';
import { useCurrencySymbol } from '#ui/money.ts';

interface StepForm {
  id: string;
  offsetDays: string;
  subject: string;
  body: string;
  feeKind: 'none' | 'flat' | 'percent';
  /** Dollars for a flat fee, percent for a percentage. */
  feeAmount: string;
}
interface PolicyForm {
  enabled: boolean;
  /** Days, as typed. */
  graceDays: string;
  steps: StepForm[];
}

const toForm = (p: ReminderPolicyBody): PolicyForm => ({
  enabled: p.enabled,
  graceDays: String(p.graceDays),
  steps: p.steps.map((s) => ({
    id: s.id,
    offsetDays: String(s.offsetDays),
    subject: s.template.subject,
    body: s.template.body,
    feeKind: s.lateFee === null ? 'none' : s.lateFee.kind,
    feeAmount: s.lateFee === null ? '' : s.lateFee.kind === 'flat' ? centsToDecimal(s.lateFee.cents) : bpToPercent(s.lateFee.basisPoints),
  })),
});

/** Numbers as typed; a blank or non-number goes to the server as NaN-free garbage it will name. */
const num = (v: string): number => (v.trim() === '' ? Number.NaN : Number(v));

const toBody = (f: PolicyForm): ReminderPolicyBody => ({
  enabled: f.enabled,
  graceDays: num(f.graceDays),
  steps: f.steps.map((s) => ({
    id: s.id,
    offsetDays: num(s.offsetDays),
    template: { subject: s.subject, body: s.body },
    lateFee:
      s.feeKind === 'none' ? null : s.feeKind === 'flat' ? { kind: 'flat', cents: Math.round(num(s.feeAmount) * 100) } : { kind: 'percent', basisPoints: Math.round(num(s.feeAmount) * 100) },
  })),
});

/** Server field names (steps.0.template.subject …) → this form's fields (steps.0.subject …). */
function fieldMap(count: number): Record<string, Path<PolicyForm>> {
  const map: Record<string, Path<PolicyForm>> = { graceDays: 'graceDays' };
  for (let i = 0; i < count; i++) {
    map[`steps.${i}.offsetDays`] = `steps.${i}.offsetDays`;
    map[`steps.${i}.id`] = `steps.${i}.offsetDays`;
    map[`steps.${i}.template.subject`] = `steps.${i}.subject`;
    map[`steps.${i}.template.body`] = `steps.${i}.body`;
    map[`steps.${i}.lateFee`] = `steps.${i}.feeAmount`;
  }
  return map;
}

let added = 0;
const newStepId = () => `step-${Date.now().toString(36)}-${(added += 1)}`;

const errorText = (id: string, message: string | undefined) =>
  message ? (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;

/** The reminder steps: when each goes out, what it says, and the fee it adds. */
export function PolicyEditor(props: { policy: ReminderPolicyBody; canEdit: boolean }) {
  const symbol = useCurrencySymbol();
  const save = useSavePolicy();
  const form = useForm<PolicyForm>({ defaultValues: toForm(props.policy) });
  const { register, control, handleSubmit, reset, setError, formState } = form;
  const steps = useFieldArray({ control, name: 'steps' });
  const watched = useWatch({ control, name: 'steps' });
  const release = useUnsavedChangesWarning(formState.isDirty);
  useEffect(() => reset(toForm(props.policy)), [props.policy, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toBody(values));
      release();
      reset(toForm(saved));
    } catch (err) {
      showServerErrors(err, setError, fieldMap(values.steps.length));
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={(ev) => void submit(ev)} aria-label="Reminder policy" noValidate>
      <fieldset disabled={!props.canEdit || formState.isSubmitting} className="space-y-4">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" {...register('enabled')} className="h-4 w-4" /> Send payment reminders automatically
        </label>
        <div>
          <label htmlFor="grace-days" className="block text-sm font-medium">
            Grace period after sending (days)
          </label>
          <input
            id="grace-days"
            type="number"
            step={1}
            min={0}
            className={`${inputClass} w-28`}
            aria-invalid={e.graceDays ? true : undefined}
            aria-describedby={e.graceDays ? 'grace-days-error' : 'grace-days-hint'}
            {...register('graceDays')}
          />
          <p id="grace-days-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            No reminder and no late fee until this many days after the client first received the invoice; for a backdated or Net 0 invoice the steps
            after the due date start from the end of this period.
          </p>
          {errorText('grace-days-error', e.graceDays?.message)}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Placeholders: {TEMPLATE_FIELD_NAMES.map((f) => `{{${f}}}`).join(' ')}. Each unpaid invoice gets at most one reminder a day: the latest step
          that is due; steps missed while sending was off are skipped, never sent late.
        </p>
        <ol className="space-y-4">
          {steps.fields.map((field, i) => {
            const se = e.steps?.[i];
            const kind = watched[i]?.feeKind ?? 'none';
            const offset = Number(watched[i]?.offsetDays);
            return (
              <li key={field.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <div className="flex flex-wrap items-end gap-4">
                  <div>
                    <label htmlFor={`step-${i}-offset`} className="block text-sm font-medium">
                      Days from the due date
                    </label>
                    <input
                      id={`step-${i}-offset`}
                      type="number"
                      step={1}
                      className={`${inputClass} w-28`}
                      aria-invalid={se?.offsetDays ? true : undefined}
                      aria-describedby={se?.offsetDays ? `step-${i}-offset-error` : `step-${i}-offset-hint`}
                      {...register(`steps.${i}.offsetDays`)}
                    />
                    <p id={`step-${i}-offset-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                      {Number.isFinite(offset) ? describeOffset(offset) : 'Negative = before'}
                    </p>
                    {errorText(`step-${i}-offset-error`, se?.offsetDays?.message)}
                  </div>
                  <div>
                    <label htmlFor={`step-${i}-fee-kind`} className="block text-sm font-medium">
                      Late fee
                    </label>
                    <select id={`step-${i}-fee-kind`} className={inputClass} {...register(`steps.${i}.feeKind`)}>
                      <option value="none">None</option>
                      <option value="flat">Flat amount ({symbol})</option>
                      <option value="percent">Percent of balance (%)</option>
                    </select>
                  </div>
                  {kind !== 'none' && (
                    <div>
                      <label htmlFor={`step-${i}-fee`} className="block text-sm font-medium">
                        {kind === 'flat' ? `Fee (${symbol})` : 'Fee (%)'}
                      </label>
                      <input
                        id={`step-${i}-fee`}
                        inputMode="decimal"
                        className={`${inputClass} w-28`}
                        aria-invalid={se?.feeAmount ? true : undefined}
                        aria-describedby={se?.feeAmount ? `step-${i}-fee-error` : undefined}
                        {...register(`steps.${i}.feeAmount`)}
                      />
                      {errorText(`step-${i}-fee-error`, se?.feeAmount?.message)}
                    </div>
                  )}
                  {props.canEdit && (
                    <Button variant="secondary" className="ml-auto" onClick={() => steps.remove(i)} aria-label={`Remove step ${i + 1}`}>
                      <Trash2 aria-hidden className="h-4 w-4" /> Remove
                    </Button>
                  )}
                </div>
                <div className="mt-3">
                  <label htmlFor={`step-${i}-subject`} className="block text-sm font-medium">
                    Subject
                  </label>
                  <input
                    id={`step-${i}-subject`}
                    className={`${inputClass} w-full`}
                    aria-invalid={se?.subject ? true : undefined}
                    aria-describedby={se?.subject ? `step-${i}-subject-error` : undefined}
                    {...register(`steps.${i}.subject`)}
                  />
                  {errorText(`step-${i}-subject-error`, se?.subject?.message)}
                </div>
                <div className="mt-3">
                  <label htmlFor={`step-${i}-body`} className="block text-sm font-medium">
                    Message
                  </label>
                  <textarea
                    id={`step-${i}-body`}
                    rows={5}
                    className={`${inputClass} w-full`}
                    aria-invalid={se?.body ? true : undefined}
                    aria-describedby={se?.body ? `step-${i}-body-error` : undefined}
                    {...register(`steps.${i}.body`)}
                  />
                  {errorText(`step-${i}-body-error`, se?.body?.message)}
                </div>
              </li>
            );
          })}
        </ol>
        {steps.fields.length === 0 && <p className="text-slate-600 dark:text-slate-400">No steps: no reminders will be sent.</p>}
        <FormError error={e.root} />
        {props.canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button
 variant="secondary"
              onClick={() => steps.append({ id: newStepId(), offsetDays: '', subject: 'Invoice {{number}}', body: 'Hello {{client}},\n\n{{balance}} is open on invoice {{number}}: {{link}}\n\n{{company}}', feeKind: 'none', feeAmount: '' })}
            >
              <Plus aria-hidden className="h-4 w-4" /> Add step
            </Button>
            <Button type="submit" disabled={!formState.isDirty}>
              {formState.isSubmitting ? 'Saving…' : 'Save policy'}
            </Button>
            {save.isSuccess && !formState.isDirty && (
              <p role="status" className="self-center text-sm text-green-800 dark:text-green-300">
                Saved.
              </p>
            )}
          </div>
        )}
      </fieldset>
    </form>
  );
}
