import { useForm, type Control, type FieldErrors, type Path, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { METHOD_LABELS, PAYMENT_METHODS, type InvoiceDto } from '#contracts/invoices.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { Field } from '#ui/Field.tsx';
import { mayDiscard, useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { blankLine, lineFormSchema, lineServerFields, LinesEditor, toLineInput, type WithLines } from './LinesEditor.tsx';
import { formatDay, todayIso } from '#ui/dates.ts';
import { useCorrectPayment, useCreditNote, useRecordPayment, useRefundPayment, useRemovePayment, useVoidInvoice } from './queries.ts';
import { ApiRequestError } from '#lib/api.ts';
import { Options } from '#ui/Options.tsx';
import { useRevealPanel } from '#ui/reveal-panel.ts';
import { Button } from '#ui/Button.tsx';
import { ErrorNote, FormError } from '#ui/FormError.tsx';
import { useState } from 'react';
import { datePlausibility } from '#domain/shared/calendar-date.ts';
import { voidBlocker } from '#domain/invoices/invoice.ts';
import { bpToPercent, centsToDecimal } from '#domain/shared/money.ts';
import { amountProblem, formatCents, toCents, useCurrencySymbol, useMoneySettings } from '#ui/money.ts';

/** An inline panel under the invoice's buttons; it scrolls into view and focuses its first field when opened. */
function Dialog(props: { title: string; children: React.ReactNode }) {
  const ref = useRevealPanel<HTMLElement>();
  return (
    <section ref={ref} role="dialog" aria-label={props.title} className="mt-4 scroll-m-4 rounded-lg border border-slate-300 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900">
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

type PaymentValues = { date: string; amount: string; method: (typeof PAYMENT_METHODS)[number]; reference: string };
type Payment = InvoiceDto['payments'][number];

/** The payment form's rules: the domain's date rule (no future, no mistyped year) and amounts as people type them. */
const paymentSchema = (maxCents: number, locale: string) =>
  z.object({
    date: z.string().superRefine((s, ctx) => {
      const problem = datePlausibility('Date received', s, todayIso(), { pastDays: 36_500, futureDays: 0 }, locale);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    amount: z.string().superRefine((s, ctx) => {
      const problem = amountProblem(s, maxCents, 'the balance due');
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string().max(200, 'Reference: at most 200 characters.'),
  });

const PAYMENT_FIELDS = { date: 'date', amountCents: 'amount', method: 'method', reference: 'reference' } as const;

/**
 * Record a payment, or correct one already recorded (`payment`): the amount defaults to the
 * balance; the server refuses more than the balance (plus the corrected payment's own amount).
 */
export function PaymentDialog(props: { invoice: InvoiceDto; payment?: Payment; onClose: () => void }) {
  const symbol = useCurrencySymbol();
  const money = useMoneySettings();
  const inv = props.invoice;
  const old = props.payment;
  const maxCents = inv.balanceCents + (old?.amountCents ?? 0);
  const form = useForm<PaymentValues>({
    resolver: zodResolver(paymentSchema(maxCents, money.locale)),
    defaultValues: old
      ? { date: old.date, amount: centsToDecimal(old.amountCents), method: old.method, reference: old.reference }
      : { date: todayIso(), amount: centsToDecimal(inv.balanceCents), method: 'card', reference: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const pay = useRecordPayment(inv.id);
  const correct = useCorrectPayment(inv.id, old?.id ?? '');
  const release = useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const onSubmit = handleSubmit(async (v) => {
    const body = { date: v.date, amountCents: toCents(v.amount), method: v.method, reference: v.reference };
    try {
      await (old ? correct.mutateAsync(body) : pay.mutateAsync(body));
      release();
      props.onClose();
    } catch (err) {
      showServerErrors(err, setError, PAYMENT_FIELDS);
    }
  });
  const idp = old ? `pay-${old.id}` : 'pay';
  return (
    <Dialog title={old ? `Correct payment of ${formatCents(old.amountCents)}` : 'Record payment'}>
      <form onSubmit={onSubmit} noValidate>
        <FormError error={rootNotAtField(formState.errors)} className="mb-3" />
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={`Amount (${symbol})`} id={`${idp}-amount`} error={formState.errors.amount?.message} required>
            <input id={`${idp}-amount`} inputMode="decimal" {...register('amount')} />
          </Field>
          <Field label="Date received" id={`${idp}-date`} error={formState.errors.date?.message} required>
            <input id={`${idp}-date`} type="date" {...register('date')} />
          </Field>
          <Field label="Method" id={`${idp}-method`} error={formState.errors.method?.message} required>
            <select id={`${idp}-method`} {...register('method')}>
              <Options values={PAYMENT_METHODS} labels={METHOD_LABELS} />
            </select>
          </Field>
          <Field label="Reference (check no., transaction id)" id={`${idp}-ref`} error={formState.errors.reference?.message}>
            <input id={`${idp}-ref`} {...register('reference')} />
          </Field>
        </div>
        <Buttons busy={formState.isSubmitting} label={old ? 'Save payment' : 'Record payment'} dirty={formState.isDirty} release={release} onClose={props.onClose} />
      </form>
    </Dialog>
  );
}

/** Asks before removing a payment recorded by mistake; the invoice is open again afterwards. */
export function RemovePaymentConfirm(props: { invoice: InvoiceDto; payment: Payment; onClose: () => void }) {
  useMoneySettings(); // amounts are in the company's currency: render again when it arrives
  const remove = useRemovePayment(props.invoice.id);
  const [error, setError] = useState<string | null>(null);
  const p = props.payment;
  return (
    <Dialog title="Remove payment?">
      <p className="text-sm">
        Remove the payment of {formatCents(p.amountCents)} received {formatDay(p.date)} ({METHOD_LABELS[p.method]})? The balance due goes up by that amount; the
        history keeps a record of the removal.
      </p>
      {error && <ErrorNote className="mt-2">{error}</ErrorNote>}
      <div className="mt-3 flex gap-2">
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(p.id, {
              onSuccess: () => props.onClose(),
              onError: (e) => setError(e.message),
            })
          }
        >
          {remove.isPending ? 'Removing…' : 'Remove payment'}
        </Button>
        <Button variant="secondary" onClick={props.onClose}>
          Keep it
        </Button>
      </div>
    </Dialog>
  );
}

/** What remains to refund of a payment: it, less the refunds booked against its reference. */
export const refundableCents = (inv: InvoiceDto, p: Payment): number => (p.reference ? inv.payments.filter((x) => x.reference === p.reference).reduce((s, x) => s + x.amountCents, 0) : p.amountCents);

/**
 * Refund a card payment made online (docs/payments.md "Refunds"): amount (in full by default, or
 * part, typed as people type money), a reason, then a confirmation naming the amount and the
 * customer. The provider refunds; its webhook books the refund, once.
 */
export function RefundDialog(props: { invoice: InvoiceDto; payment: Payment; onClose: () => void }) {
  const most = refundableCents(props.invoice, props.payment);
  const refund = useRefundPayment(props.invoice.id);
  const [amount, setAmount] = useState(centsToDecimal(most));
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const review = () => {
    const next: typeof errors = {};
    const problem = amountProblem(amount, most, 'what remains of this payment');
    if (problem) next.amount = problem;
    if (!reason.trim()) next.reason = 'Reason: say why the money goes back (the history keeps it).';
    setErrors(next);
    if (Object.keys(next).length === 0) setConfirming(toCents(amount));
  };
  const send = () =>
    refund.mutate(
      { paymentId: props.payment.id, amount, reason },
      {
        onSuccess: (r) => setDone(`Refund of ${formatCents(r.amountCents)} sent to the card provider. It shows under Payments as soon as the provider confirms it.`),
        onError: (e) => {
          setConfirming(null);
          const fields = e instanceof ApiRequestError ? e.fields : {};
          setErrors({ form: e.message, ...(fields['amount'] ? { amount: fields['amount'].join(' ') } : {}), ...(fields['reason'] ? { reason: fields['reason'].join(' ') } : {}) });
        },
      },
    );
  if (done)
    return (
      <Dialog title="Refund requested">
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {done}
        </p>
        <Button className="mt-3" variant="secondary" onClick={props.onClose}>
          Close
        </Button>
      </Dialog>
    );
  return (
    <Dialog title="Refund card payment">
      <p className="text-sm">
        Card payment of {formatCents(props.payment.amountCents)} ({props.payment.reference}); {formatCents(most)} can still be refunded.
      </p>
      {errors.form && <ErrorNote className="mt-2">{errors.form}</ErrorNote>}
      {confirming === null ? (
        <>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <Field label="Amount to refund" id="refund-amount" error={errors.amount}>
              <input id="refund-amount" className="w-full rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-950" value={amount} inputMode="decimal" aria-invalid={errors.amount ? true : undefined} onChange={(e) => setAmount(e.target.value)} />
            </Field>
            <Field label="Reason" id="refund-reason" error={errors.reason}>
              <input id="refund-reason" className="w-full rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-950" value={reason} maxLength={500} aria-invalid={errors.reason ? true : undefined} onChange={(e) => setReason(e.target.value)} />
            </Field>
          </div>
          <div className="mt-3 flex gap-2">
            <Button onClick={review}>Review refund</Button>
            <Button variant="secondary" onClick={props.onClose}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-3 font-medium">
            Refund {formatCents(confirming)} to {props.invoice.clientName}’s card? The money goes back through the card provider and cannot be taken back here.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" disabled={refund.isPending} onClick={send}>
              {refund.isPending ? 'Refunding…' : `Refund ${formatCents(confirming)}`}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Back
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

const voidSchema = z.object({ reason: z.string().trim().min(1, 'Say why the invoice is void.').max(500) });

/** Void, or — while payments or credit notes exist — what to do instead (the domain's words). */
export function VoidDialog(props: { invoice: InvoiceDto; onClose: () => void }) {
  const money = useMoneySettings();
  const blocker = voidBlocker(props.invoice, money);
  if (blocker)
    return (
      <Dialog title={`Void ${props.invoice.number}`}>
        <p className="text-sm" data-testid="void-blocked">
          {blocker}
        </p>
        <Button variant="secondary" className="mt-3" onClick={props.onClose}>
          Close
        </Button>
      </Dialog>
    );
  return <VoidForm invoice={props.invoice} onClose={props.onClose} />;
}

function VoidForm(props: { invoice: InvoiceDto; onClose: () => void }) {
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
        <FormError error={rootNotAtField(formState.errors)} className="mb-3" />
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
        <FormError error={rootNotAtField(formState.errors)} className="mb-3" />
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">At most the balance due, {formatCents(props.invoice.balanceCents)}. The credit note gets its own number.</p>
        <LinesEditor
          control={control as unknown as Control<WithLines>}
          register={register as unknown as UseFormRegister<WithLines>}
          errors={formState.errors as FieldErrors<WithLines>}
          idPrefix="credit"
          sign={-1}
          newLineTaxRate={bpToPercent(first?.taxRateBp ?? 0)}
        />
        <Field label="Reason" id="credit-reason" error={formState.errors.reason?.message} required>
          <input id="credit-reason" {...register('reason')} />
        </Field>
        <Buttons busy={formState.isSubmitting} label="Issue credit note" dirty={formState.isDirty} release={release} onClose={() => props.onClose(null)} />
      </form>
    </Dialog>
  );
}
