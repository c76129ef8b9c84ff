import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, FileDown } from 'lucide-react';
import type { PublicProposal } from '#contracts/proposals.ts';
import { TIER_LABELS } from '#contracts/proposal-labels.ts';
import { ApiRequestError } from '#lib/api.ts';
import { inputClass } from '#ui/styles.ts';
import { agreeStatement } from '#domain/proposals/agree-statement.ts';
import { formatDateTime as formatWhen } from '#ui/dates.ts';
import { publicProposalQuery, useDepositCheckout, usePublicAnswer } from './queries.ts';
import { Button, buttonStyle } from '#ui/Button.tsx';
import { LinkNoLongerValid } from '#ui/PublicLink.tsx';
import { formatCents, formatRate, useMoneySettings } from '#ui/money.ts';
import { formatCalendarDay } from '#domain/shared/calendar-date.ts';
import { depositGuide } from '#domain/proposals/proposal-presentation.ts';
import { SignaturePad } from '#ui/SignaturePad.tsx';
import { BackToAccount } from '#ui/BackToAccount.tsx';
import { useDocumentViewer } from '#lib/queries/portal-viewer.ts';
import { authStateOf, sessionQuery } from '../auth/session.ts';

const tierLabel = (tier: string) => TIER_LABELS[tier as keyof typeof TIER_LABELS] ?? tier;

/** "a, b and c". */
const joinWords = (words: readonly string[]): string => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

function Outcome({ p }: { p: PublicProposal }) {
  const money = useMoneySettings();
  if (p.acceptedName && p.acceptedAt) {
    const chosen = p.options.find((o) => o.id === p.acceptedOptionId);
    return (
      <p role="status" className="mt-4 flex items-center gap-2 rounded-md bg-green-50 p-4 text-green-900 dark:bg-green-950 dark:text-green-100">
        <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
        <span>
          Accepted: {chosen?.name}, signed by {p.acceptedName} on {formatWhen(p.acceptedAt)}. Thank you — we will be in touch to schedule the work. Your signed copy is on its way by e-mail; Download PDF above has it too, with the acceptance certificate as its last page.
        </span>
      </p>
    );
  }
  if (p.declinedAt) return <p role="status" className="mt-4 rounded-md bg-slate-100 p-4 dark:bg-slate-800">You declined this proposal on {formatWhen(p.declinedAt)}. Thank you for letting us know.</p>;
  if (p.status === 'expired') return <p role="status" className="mt-4 rounded-md bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">This proposal expired on {formatCalendarDay(p.validUntil, money.locale)}. Please contact us for an updated one.</p>;
  return null;
}

/**
 * How much deposit is due on acceptance and how it is paid: before acceptance, the words the PDF
 * prints; once accepted, one box for the deposit invoice (amount due, "Pay the deposit now", how
 * to pay) instead of the box and the guide saying the same things twice.
 */
function Deposit({ p }: { p: PublicProposal }) {
  const money = useMoneySettings();
  const guide = depositGuide(p, money);
  if (!guide) return null;
  const howToPay = guide.filter((l) => l.startsWith('How to pay'));
  return (
    <section className="mt-6" aria-labelledby="deposit-heading">
      <h2 id="deposit-heading" className="font-semibold">
        Deposit
      </h2>
      {p.depositInvoice ? (
        <PayDeposit p={p} invoice={p.depositInvoice} howToPay={howToPay} />
      ) : (
        guide.map((line, i) => (
          <p key={i} className="mt-1 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">
            {line}
          </p>
        ))
      )}
    </section>
  );
}

/** The deposit invoice issued at acceptance: paid, or Pay on the provider's page (configured), and how else to pay. */
function PayDeposit({ p, invoice, howToPay }: { p: PublicProposal; invoice: NonNullable<PublicProposal['depositInvoice']>; howToPay: readonly string[] }) {
  const checkout = useDepositCheckout(invoice.token ?? '');
  const box = 'mt-2 rounded-md p-4';
  if (invoice.paid)
    return (
      <p role="status" data-testid="deposit-box" className={`${box} flex items-center gap-2 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100`}>
        <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
        <span>
          Deposit paid — thank you. Invoice {invoice.number} ({formatCents(invoice.totalCents)}) is paid in full; it is deducted from your final invoice.
        </span>
      </p>
    );
  const pay = async () => {
    const { url } = await checkout.mutateAsync();
    window.location.assign(url);
  };
  const due = formatCents(invoice.balanceCents);
  return (
    <div data-testid="deposit-box" className={`${box} border border-blue-200 bg-blue-50 dark:border-blue-900 dark:bg-blue-950`}>
      <p>
        Deposit invoice <strong>{invoice.number}</strong>: {due} due now{invoice.balanceCents < invoice.totalCents && ` (of ${formatCents(invoice.totalCents)})`}.
      </p>
      <p className="mt-1 text-sm">Issued when you accepted, due on receipt; the deposit is deducted from your final invoice.</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {p.onlinePayment && invoice.token && (
          <Button disabled={checkout.isPending} onClick={() => void pay().catch(() => undefined)}>
            <CreditCard aria-hidden className="h-4 w-4" /> {checkout.isPending ? 'Opening the payment page…' : `Pay the deposit now (${due})`}
          </Button>
        )}
        {invoice.token && (
          <a className="text-blue-700 underline dark:text-blue-300" href={`/i/${invoice.token}`}>
            Open invoice {invoice.number}
          </a>
        )}
      </div>
      {!p.onlinePayment && howToPay.length === 0 && <p className="mt-2 text-sm">Online payment is not available; please contact us for how to pay.</p>}
      {howToPay.map((line, i) => (
        <p key={i} className="mt-2 whitespace-pre-line text-sm">
          {line}
        </p>
      ))}
      {!invoice.token && <p className="mt-2 text-sm">Please contact us for a link to this invoice.</p>}
      {checkout.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {checkout.error instanceof Error ? checkout.error.message : 'The payment page could not be opened; please try again.'}
        </p>
      )}
    </div>
  );
}

/** The client's view of a proposal (public, no sign-in): options side by side, accept (name, drawn or typed signature, "I agree"), or decline. */
export function PublicProposalPage({ token }: { token: string }) {
  const money = useMoneySettings();
  const q = useQuery(publicProposalQuery(token));
  const answer = usePublicAnswer(token);
  const [optionId, setOptionId] = useState<string | null>(null);
  // Null until typed: a signed-in customer of this client finds their contact's name and e-mail filled in (still editable).
  const [typedName, setName] = useState<string | null>(null);
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const [typedSignature, setTypedSignature] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const session = useQuery(sessionQuery);
  const viewer = useDocumentViewer('proposal', token, authStateOf(session.data).kind !== 'signed-out');
  const name = typedName ?? viewer?.name ?? '';
  const email = typedEmail ?? viewer?.email ?? '';

  if (q.isPending) return <p role="status">Loading your proposal…</p>;
  if (q.isError && q.error instanceof ApiRequestError && q.error.status === 410) return <LinkNoLongerValid message={q.error.message} />;
  if (q.isError)
    return (
      <section>
        <h1 className="text-3xl font-bold">Proposal not found</h1>
        <p className="mt-4">{q.error instanceof ApiRequestError && q.error.status === 404 ? q.error.message : 'This page could not be loaded. Please try again.'}</p>
      </section>
    );
  const p = q.data;
  const picked = optionId ?? (p.options.length === 1 ? (p.options[0]?.id ?? null) : null);
  const agreeLabel = agreeStatement(p);

  // What still stands between the client and Accept, named (the button stays off until none is left).
  const missing = [
    !picked && 'choose one of the options above',
    name.trim().length < 2 && 'type your full name',
    !signature && !typedSignature && 'sign in the box (or use your typed name)',
    !agreed && `tick “${agreeLabel}”`,
  ].filter((m): m is string => Boolean(m));
  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`accept-${field}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
        {errors[field]}
      </p>
    ) : null;

  const submit = async (a: Parameters<typeof answer.mutateAsync>[0]) => {
    setErrors({});
    try {
      await answer.mutateAsync(a);
    } catch (err) {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      setErrors({ form: err instanceof Error ? err.message : 'Something went wrong.', ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')])) });
    }
  };

  return (
    <article aria-label={`Proposal ${p.number}`}>
      <BackToAccount viewer={viewer} />
      <header className="border-b-4 border-blue-700 pb-4">
        <p className="text-lg font-bold text-blue-700 dark:text-blue-300">{p.company.name}</p>
        <h1 className="mt-1 text-3xl font-bold">Proposal {p.number}</h1>
        {p.title && <p className="text-xl">{p.title}</p>}
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          For {p.clientName}
          {p.siteAddress && ` · ${p.siteAddress}`} · valid until {formatCalendarDay(p.validUntil, money.locale)}
        </p>
        <a className={`${buttonStyle('secondary')} mt-3 inline-flex items-center gap-1`} href={`/api/public/proposals/${encodeURIComponent(token)}/pdf`}>
          <FileDown aria-hidden className="h-4 w-4" /> Download PDF
        </a>
      </header>
      <Outcome p={p} />

      <div role={p.canRespond ? 'radiogroup' : undefined} aria-label="Options" className={`mt-6 grid gap-4 ${p.options.length === 2 ? 'md:grid-cols-2' : p.options.length === 3 ? 'md:grid-cols-3' : ''}`}>
        {p.options.map((o, i) => {
          const selected = picked === o.id || p.acceptedOptionId === o.id;
          return (
            <section
              key={o.id}
              aria-label={`Option ${i + 1}: ${o.name}`}
              className={`flex flex-col rounded-xl border-2 p-4 ${selected ? 'border-blue-700 shadow-md' : 'border-slate-200 dark:border-slate-800'}`}
            >
              <p className="text-xs font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">{tierLabel(o.tier)}</p>
              <h2 className="text-xl font-semibold">{o.name}</h2>
              {o.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{o.description}</p>}
              <ul className="mt-3 flex-1 space-y-1 text-sm">
                {o.lines.map((l, j) => (
                  <li key={j} className="flex justify-between gap-2">
                    <span className="min-w-0 break-words">
                      {l.quantity} × {l.description}
                      <span className="block text-xs text-slate-500">
                        {formatCents(l.unitPriceCents)} each · tax {formatRate(l.taxRateBp)}
                      </span>
                    </span>
                    <span className="shrink-0 whitespace-nowrap tabular-nums">{formatCents(l.netCents)}</span>
                  </li>
                ))}
              </ul>
              <dl className="mt-3 grid grid-cols-2 border-t border-slate-200 pt-2 text-sm tabular-nums dark:border-slate-800">
                <dt>Subtotal</dt>
                <dd className="text-right">{formatCents(o.subtotalCents)}</dd>
                {o.discountCents > 0 && (
                  <>
                    <dt>Discount</dt>
                    <dd className="text-right">−{formatCents(o.discountCents)}</dd>
                  </>
                )}
                <dt>Tax</dt>
                <dd className="text-right">{formatCents(o.taxCents)}</dd>
                <dt className="text-base font-bold">Total</dt>
                <dd className="text-right text-base font-bold">{formatCents(o.totalCents)}</dd>
                <dt>Deposit ({p.depositPercent} %)</dt>
                <dd className="text-right">{formatCents(o.depositCents)}</dd>
              </dl>
              {p.canRespond && (
                <label className="mt-3 flex items-center gap-2 font-medium">
                  <input type="radio" name="option" value={o.id} checked={picked === o.id} onChange={() => setOptionId(o.id)} />
                  Choose {o.name}
                </label>
              )}
            </section>
          );
        })}
      </div>
      {errors['optionId'] && <p className="mt-2 text-sm text-red-700">{errors['optionId']}</p>}

      <Deposit p={p} />

      {p.terms.trim() && (
        <section className="mt-6">
          <h2 className="font-semibold">Terms</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{p.terms}</p>
        </section>
      )}

      {p.canRespond && !declining && (
        <form
          className="mt-6 max-w-xl rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          aria-label="Accept the proposal"
          onSubmit={(e) => {
            e.preventDefault();
            if (!picked) return setErrors({ optionId: 'Choose one of the options above.' });
            if (!signature) return setErrors({ signature: 'Sign in the box, or choose “Use my typed name”, to accept.' });
            void submit({ kind: 'accept', optionId: picked, name, agreed, signature, email: email.trim() });
          }}
        >
          <h2 className="text-lg font-semibold">Accept</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Your name, your signature and “I agree” are your acceptance of the chosen option{p.terms.trim() ? ' and the terms above' : ''}. We e-mail you a signed copy with an acceptance certificate.</p>
          <label htmlFor="accept-name" className="mt-3 block text-sm font-medium">
            Your full name
          </label>
          <input id="accept-name" className={`${inputClass} mt-1 w-full`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" aria-invalid={errors['name'] ? true : undefined} aria-describedby={errors['name'] ? 'accept-name-error' : undefined} />
          {fieldError('name')}
          <label htmlFor="accept-email" className="mt-3 block text-sm font-medium">
            E-mail for your signed copy <span className="font-normal text-slate-500">(optional: empty sends it to the address we have for you)</span>
          </label>
          <input id="accept-email" type="email" className={`${inputClass} mt-1 w-full`} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" aria-invalid={errors['email'] ? true : undefined} aria-describedby={errors['email'] ? 'accept-email-error' : undefined} />
          {fieldError('email')}
          <fieldset className="mt-4">
            <legend className="text-sm font-medium">Your signature</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="signature-kind" checked={!typedSignature} onChange={() => setTypedSignature(false)} />
                Draw it
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="signature-kind" checked={typedSignature} onChange={() => setTypedSignature(true)} />
                Use my typed name
              </label>
            </div>
            <div className="mt-2" aria-describedby={errors['signature'] ? 'accept-signature-error' : undefined}>
              <SignaturePad key={typedSignature ? 'typed' : 'drawn'} label="Your signature" onChange={setSignature} typed={typedSignature ? name : null} hint="Sign inside the box with your finger or mouse." />
            </div>
            {fieldError('signature')}
          </fieldset>
          <label className="mt-4 flex items-start gap-2 font-medium">
            <input type="checkbox" className="mt-1 h-4 w-4" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} aria-invalid={errors['agreed'] ? true : undefined} aria-describedby={errors['agreed'] ? 'accept-agreed-error' : undefined} />{agreeLabel}
          </label>
          {fieldError('agreed')}
          {errors['form'] && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {errors['form']}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="submit" disabled={answer.isPending || missing.length > 0} aria-describedby={missing.length ? 'accept-missing' : undefined}>
              {answer.isPending ? 'Sending…' : 'Accept'}
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(true)}>
              Decline…
            </Button>
          </div>
          {missing.length > 0 && (
            <p id="accept-missing" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              To accept, {joinWords(missing)}.
            </p>
          )}
        </form>
      )}
      {p.canRespond && declining && (
        <form
          className="mt-6 max-w-xl rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          aria-label="Decline the proposal"
          onSubmit={(e) => {
            e.preventDefault();
            void submit({ kind: 'decline', reason });
          }}
        >
          <h2 className="text-lg font-semibold">Decline</h2>
          <label htmlFor="decline-reason" className="mt-2 block text-sm font-medium">
            Anything you would like to tell us? (optional)
          </label>
          <textarea id="decline-reason" rows={3} className={`${inputClass} mt-1 w-full`} value={reason} onChange={(e) => setReason(e.target.value)} />
          {errors['form'] && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errors['form']}
            </p>
          )}
          <div className="mt-4 flex gap-2">
            <Button type="submit" disabled={answer.isPending}>
              Decline proposal
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(false)}>
              Back
            </Button>
          </div>
        </form>
      )}
      <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
        Questions? Call {p.company.phone} or write to {p.company.email}.
      </p>
    </article>
  );
}
