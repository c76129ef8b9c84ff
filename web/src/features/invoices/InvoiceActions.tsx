import { useForm, type Control, type FieldErrors, type Path, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { METHOD_LABELS, PAYMENT_METHODS, type InvoiceDto } from '#contracts/invoices.ts';
import { showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { mayDiscard, useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { blankLine, lineFormSchema, lineServerFields, LinesEditor, toLineInput, type WithLines } from './LinesEditor.tsx';
import { todayIso } from '#ui/dates.ts';
import { useCreditNote, useRecordPayment, useVoidInvoice } from './queries.ts';
import { Options } from '#ui/Options.tsx';
import { Button } from '#ui/Button.tsx';
import { FormError } from '#ui/FormError.tsx';
import { bpToPercent, centsToDecimal } from '#domain/shared/money.ts';
import { formatCents, toCents, useCurrencySymbol, useMoneySettings } from '#ui/money.ts';

function Dialog(props: { title: string; children: React.ReactNode }) {
  return (
    <section role="dialog" aria-label={props.title} className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900">
      <h3 className="mb-3 font-semibold">{props.title}</h3>
      {props.children}
    </section>
  );
}

function Buttons(props: { busy: boolean; label: string; dirty: boolean; release: () => void; onClose: () => void }) {
  return (
    <div className="mt-3 flex gap-2">
      <Button type="submit" disabled={props.busy}>
        {props.busy ? 'Saving…' : props.label}
      </Button>
      <Button
 variant="secondary"
        onClick={() => {
          if (mayDiscard(props.dirty)) {
            props.release();
            props.onClose();
          }
        }}
      >
        Cancel
      </Button>
    </div>
  );
}

const paymentSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date.'),
  amount: z.string().refine((s) => toCents(s) > 0, 'Enter an amount such as 120.50.'),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().max(200),
});
type PaymentValues = z.infer<typeof paymentSchema>;

/** Record a payment: the amount defaults to the balance; the server refuses more than that. */
export function PaymentDialog(props: { invoice: InvoiceDto; onClose: () => void }) {
  const symbol = useCurrencySymbol();
  const inv = props.invoice;
  const form = useForm<PaymentValues>({ resolver: zodResolver(paymentSchema), defaultValues: { date: todayIso(), amount: centsToDecimal(inv.balanceCents), method: 'card', reference: '' } });
  const { register, handleSubmit, setError, formState } = form;
  const pay = useRecordPayment(inv.id);
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const onSubmit = handleSubmit(async (v) => {
    if (toCents(v.amount) > inv.balanceCents) {
      setError('amount', { message: `At most the balance due, ${formatCents(inv.balanceCents)}.` });
      return;
    }
    try {
      await pay.mutateAsync({ date: v.date, amountCents: toCents(v.amount), method: v.method, reference: v.reference });
      release();
      props.onClose();
    } catch (err) {
      showServerErrors(err, setError, { date: 'date', amountCents: 'amount', method: 'method', reference: 'reference' });
    }
  });
  return (
    <Dialog title="Record payment">
      <form onSubmit={onSubmit} noValidate>
        <FormError error={formState.errors.root} className="mb-3" />
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={`Amount (${symbol})`} id="pay-amount" error={formState.errors.amount?.message} required>
            <input id="pay-amount" inputMode="decimal" {...register('amount')} />
          </Field>
          <Field label="Date received" id="pay-date" error={formState.errors.date?.message} required>
            <input id="pay-date" type="date" {...register('date')} />
          </Field>
          <Field label="Method" id="pay-method" error={formState.errors.method?.message} required>
            <select id="pay-method" {...register('method')}>
              <Options values={PAYMENT_METHODS} labels={METHOD_LABELS} />
            </select>
          </Field>
          <Field label="Reference (check no., transaction id)" id="pay-ref" error={formState.errors.reference?.message}>
            <input id="pay-ref" {...register('reference')} />
          </Field>
        </div>
        <Buttons busy={formState.isSubmitting} label="Record payment" dirty={formState.isDirty} release={release} onClose={props.onClose} />
      </form>
    </Dialog>
  );
}

const voidSchema = z.object({ reason: z.string().trim().min(1, 'Say why the invoice is void.').max(500) });

export function VoidDialog(props: { invoice: InvoiceDto; onClose: () => void }) {
  const form = useForm<z.infer<typeof voidSchema>>({ resolver: zodResolver(voidSchema), defaultValues: { reason: '' } });
  const { register, handleSubmit, setError, formState } = form;
  const voidIt = useVoidInvoice(props.invoice.id);
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const onSubmit = handleSubmit(async (v) => {
    try {
      await voidIt.mutateAsync(v);
      release();
      props.onClose();
    } catch (err) {
      showServerErrors(err, setError, ['reason']);
    }
  });
  return (
    <Dialog title={`Void ${props.invoice.number}`}>
      <form onSubmit={onSubmit} noValidate>
        <FormError error={formState.errors.root} className="mb-3" />
        <Field label="Reason" id="void-reason" error={formState.errors.reason?.message} required>
          <input id="void-reason" {...register('reason')} />
        </Field>
        <Buttons busy={formState.isSubmitting} label="Void invoice" dirty={formState.isDirty} release={release} onClose={props.onClose} />
      </form>
    </Dialog>
  );
}

const creditSchema = z.object({ reason: z.string().trim().min(1, 'Say why.').max(4000), lines: z.array(lineFormSchema).min(1) });
type CreditValues = z.infer<typeof creditSchema>;

/** A credit note: its lines are typed as positive amounts and credited (negated) by the server. */
export function CreditNoteDialog(props: { invoice: InvoiceDto; onClose: (created: InvoiceDto | null) => void }) {
  useMoneySettings();
  const first = props.invoice.lines[0];
  const form = useForm<CreditValues>({ resolver: zodResolver(creditSchema), defaultValues: { reason: '', lines: [{ ...blankLine(bpToPercent(first?.taxRateBp ?? 0)) }] } });
  const { register, handleSubmit, setError, formState, control } = form;
  const credit = useCreditNote(props.invoice.id);
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const onSubmit = handleSubmit(async (v) => {
    try {
      const note = await credit.mutateAsync({ reason: v.reason, lines: v.lines.map(toLineInput) });
      release();
      props.onClose(note);
    } catch (err) {
      showServerErrors(err, setError, { reason: 'reason', ...lineServerFields(v.lines.length) } as Record<string, Path<CreditValues>>);
    }
  });
  return (
    <Dialog title={`Credit note for ${props.invoice.number}`}>
      <form onSubmit={onSubmit} noValidate>
        <FormError error={formState.errors.root} className="mb-3" />
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">At most the balance due, {formatCents(props.invoice.balanceCents)}. The credit note gets its own number.</p>
        <LinesEditor
          control={control as unknown as Control<WithLines>}
          register={register as unknown as UseFormRegister<WithLines>}
          errors={formState.errors as FieldErrors<WithLines>}
          idPrefix="credit"
          sign={-1}
        />
        <Field label="Reason" id="credit-reason" error={formState.errors.reason?.message} required>
          <input id="credit-reason" {...register('reason')} />
        </Field>
        <Buttons busy={formState.isSubmitting} label="Issue credit note" dirty={formState.isDirty} release={release} onClose={() => props.onClose(null)} />
      </form>
    </Dialog>
  );
}
