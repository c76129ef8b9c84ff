import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { ApiRequestError } from '#lib/api.ts';
import { Button, buttonStyle } from '#ui/Button.tsx';
import { Field } from '#ui/Field.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { amountProblem, formatCents } from '#ui/money.ts';
import { publicPaymentQuery, useStartCheckout } from './queries.ts';

/** How long the page waits for the provider's webhook before saying the payment is still processing. */
const WAIT_MS = 20_000;

/**
 * Pay on /i/<token> (docs/payments.md): "Pay $X" (the balance) or "Pay part" (an amount) opens
 * the provider's checkout page; back here, the page asks until the webhook has recorded the
 * payment and then says so. With no provider configured, "Pay" leads to the How to pay box.
 */
export function PublicPayment(props: { token: string; balanceCents: number; checkout: string | undefined }) {
  const { token, checkout } = props;
  const qc = useQueryClient();
  const returned = checkout !== undefined && checkout !== 'cancelled' ? checkout : undefined;
  const [waitedOut, setWaitedOut] = useState(false);
  const status = useQuery({
    ...publicPaymentQuery(token, returned),
    refetchInterval: (q) => (returned && q.state.data?.checkout?.state !== 'received' && !waitedOut ? 1000 : false),
  });
  const state = status.data?.checkout?.state;
  useEffect(() => {
    if (state === 'received') void qc.invalidateQueries({ queryKey: ['public-invoice', token], exact: true });
  }, [state, qc, token]);
  useEffect(() => {
    if (!returned) return;
    const t = setTimeout(() => setWaitedOut(true), WAIT_MS);
    return () => clearTimeout(t);
  }, [returned]);

  return (
    <section aria-label="Pay this invoice" className="mt-6">
      <Outcome checkout={checkout} status={status.data?.checkout ?? null} waitedOut={waitedOut} failed={status.isError} />
      {props.balanceCents > 0 &&
        (status.data?.online ? (
          <PayOnline token={token} balanceCents={props.balanceCents} />
        ) : status.data ? (
          <a className={`${buttonStyle()} inline-flex items-center gap-1`} href="#how-to-pay-box">
            <CreditCard aria-hidden className="h-4 w-4" /> Pay {formatCents(props.balanceCents)}
          </a>
        ) : null)}
    </section>
  );
}

function Outcome(props: { checkout: string | undefined; status: { state: 'received' | 'processing' | 'not-paid'; amountCents: number } | null; waitedOut: boolean; failed: boolean }) {
  const box = 'mb-4 rounded-md p-3 text-sm';
  if (props.checkout === 'cancelled') return <p role="status" className={`${box} bg-slate-100 dark:bg-slate-800`}>Payment cancelled; nothing was charged.</p>;
  if (!props.checkout) return null;
  if (props.failed) return <ErrorNote className="mb-4">We could not check this payment. If you paid, it will show here shortly; please do not pay twice.</ErrorNote>;
  const s = props.status;
  if (!s) return <p role="status" className={`${box} bg-slate-100 dark:bg-slate-800`}>Checking your payment…</p>;
  if (s.state === 'received')
    return (
      <p role="status" className={`${box} bg-green-50 font-semibold text-green-900 dark:bg-green-950 dark:text-green-200`}>
        Payment received — thank you. {formatCents(s.amountCents)} is recorded on this invoice.
      </p>
    );
  if (s.state === 'processing')
    return (
      <p role="status" className={`${box} bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200`}>
        {props.waitedOut
          ? `Your payment of ${formatCents(s.amountCents)} is processing. It can take a few minutes to show here; you will not be charged twice.`
          : `Your payment of ${formatCents(s.amountCents)} is processing…`}
      </p>
    );
  return <p role="status" className={`${box} bg-slate-100 dark:bg-slate-800`}>The payment was not completed; nothing was charged.</p>;
}

function PayOnline(props: { token: string; balanceCents: number }) {
  const start = useStartCheckout(props.token);
  const [part, setPart] = useState(false);
  const [amount, setAmount] = useState('');
  const [typo, setTypo] = useState<string | null>(null);
  const go = (body: { amount?: string }) =>
    start.mutate(body, {
      onSuccess: (r) => window.location.assign(r.url),
    });
  const error = start.error instanceof ApiRequestError ? start.error : start.error ? new ApiRequestError(0, null) : null;
  const atField = typo ?? error?.fields['amount']?.[0];
  const onPart = (e: FormEvent) => {
    e.preventDefault();
    const problem = amountProblem(amount, props.balanceCents, 'the balance due');
    setTypo(problem);
    if (!problem) go({ amount });
  };
  return (
    <div>
      {error && !atField && <ErrorNote className="mb-3">{error.message}</ErrorNote>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={start.isPending} onClick={() => go({})}>
          <span className="inline-flex items-center gap-1">
            <CreditCard aria-hidden className="h-4 w-4" /> Pay {formatCents(props.balanceCents)}
          </span>
        </Button>
        <Button type="button" variant="secondary" aria-expanded={part} aria-controls="pay-part" onClick={() => setPart(!part)}>
          Pay part
        </Button>
      </div>
      {part && (
        <form id="pay-part" className="mt-3 flex max-w-sm flex-col gap-2" onSubmit={onPart} noValidate>
          <Field label={`Amount to pay now (at most ${formatCents(props.balanceCents)})`} id="pay-amount" error={atField}>
            <input id="pay-amount" type="text" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="e.g. 50.00" />
          </Field>
          <Button type="submit" disabled={start.isPending} className="self-start">
            Continue to payment
          </Button>
        </form>
      )}
      {start.isPending && (
        <p role="status" className="mt-2 text-sm">
          Opening the payment page…
        </p>
      )}
    </div>
  );
}
