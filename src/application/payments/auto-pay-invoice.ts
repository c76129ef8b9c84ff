import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { INVOICE_ENTITY } from '../../domain/invoices/invoice.ts';
import { MAX_AUTO_PAY_ATTEMPTS, nextAutoPayAttemptAt, type AutoPayAttempt, type AutoPayAttemptStore, type AutoPayOutcome } from '../../domain/payments/auto-pay-attempt.ts';
import type { CardOnFileStore } from '../../domain/payments/card-on-file.ts';
import { notPayableOnline } from '../../domain/payments/online-payment.ts';
import type { SavedCard } from '../../domain/payments/payment-provider.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { bookCardPayment } from './book-card-payment.ts';
import { autoPayCardOf } from './card-on-file.ts';
import { providerActor, type PaymentDeps } from './payment-deps.ts';

type Card = Pick<SavedCard, 'customerId' | 'paymentMethodId'>;

/**
 * One key per invoice and attempt: however often an attempt is asked for (two instances, a rerun
 * after a crash), the card is charged once for it. The first attempt keeps the key it always had.
 */
export const autoPayKey = (invoiceId: string, attempt = 1): string => (attempt === 1 ? `invoice-autopay:${invoiceId}` : `invoice-autopay:${invoiceId}:${attempt}`);

/** Auto-pay with retries: the payments' dependencies, the cards, the attempts, and this process's claim id. */
export interface AutoPayDeps extends PaymentDeps {
  cards: CardOnFileStore;
  attempts: AutoPayAttemptStore;
  holder: string;
}

/**
 * One off-session charge (docs/payments.md "Card on file"): the balance of an issued invoice to
 * the client's saved card, with the attempt's idempotency key. A success is booked here at once
 * (once per provider reference, so the webhook reporting it too books nothing more); a decline is
 * audited on the invoice by the webhook. A system step of the billing run, not a staff action.
 */
export async function autoPayInvoice(deps: PaymentDeps, invoiceId: string, card: Card, attempt = 1): Promise<AutoPayOutcome> {
  if (!deps.provider?.chargeSavedCard) return { status: 'skipped', reason: 'No payment provider that charges saved cards is configured.' };
  const inv = await deps.invoices.get(invoiceId);
  if (!inv) throw new DomainError('not-found', `No invoice ${invoiceId}.`);
  const closed = notPayableOnline(inv);
  if (closed) return { status: 'skipped', reason: closed };
  const result = await deps.provider.chargeSavedCard({
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    invoiceId: inv.id,
    invoiceNumber: inv.number,
    amountCents: inv.balanceCents,
    currency: deps.format.currency,
    idempotencyKey: autoPayKey(inv.id, attempt),
    attempt,
  });
  const actor = providerActor(deps.provider);
  const tried = [
    { field: 'attempt', from: null, to: `${attempt} of ${MAX_AUTO_PAY_ATTEMPTS}` },
    { field: 'payment.amountCents', from: null, to: inv.balanceCents },
    { field: 'payment.reference', from: null, to: result.reference },
    { field: 'result', from: null, to: result.status === 'succeeded' ? 'succeeded' : `failed: ${result.reason}` },
  ];
  await deps.invoices.update(inv.id, (current) => ({ invoice: current, audit: auditEntry(actor, deps.clock.now(), INVOICE_ENTITY, inv.id, 'auto-pay-attempt', tried) }));
  if (result.status === 'succeeded') {
    const paid = { amountCents: inv.balanceCents, reference: result.reference };
    let booked = false;
    const { invoice } = await deps.invoices.applyOnce(inv.id, `${deps.provider.name}:auto-pay:${result.reference}`, (current) => {
      const r = bookCardPayment(deps, actor, current, paid, deps.clock.now(), [{ field: 'attempt', from: null, to: `${attempt} of ${MAX_AUTO_PAY_ATTEMPTS}` }]);
      booked = r.outcome === 'payment-recorded';
      return r.changed;
    });
    // The same key as the webhook's notice of this payment: told once, whoever booked it.
    if (booked) {
      const row = invoice.payments.find((p) => p.reference === result.reference && p.amountCents > 0);
      await deps.notify?.({ kind: 'payment-received', invoice, paymentId: result.reference, amountCents: paid.amountCents, date: row?.date ?? invoice.issueDate, source: 'online' });
    }
  }
  return result;
}

/**
 * The billing run's charge of a new invoice: attempt 1, claimed first (an attempt record made
 * once), so a second run or instance does not start another sequence. Skipped when the client is
 * not (any more) on auto-pay with a card.
 */
export async function startAutoPay(deps: AutoPayDeps, clientId: string, invoiceId: string): Promise<AutoPayOutcome> {
  const card = await autoPayCardOf(deps.cards, clientId);
  if (!card) return { status: 'skipped', reason: 'The client is not on auto-pay with a card on file.' };
  const now = deps.clock.now();
  const first = await deps.attempts.claimFirst(invoiceId, clientId, now, deps.holder);
  if (!first) return { status: 'skipped', reason: 'Auto-pay of this invoice has started already.' };
  return runAttempt(deps, first, card, now);
}

export interface AutoPayRetryReport {
  tried: { invoiceId: string; attempt: number; status: AutoPayOutcome['status'] }[];
  /** Failed attempts that get no retry: the invoice was paid another way or voided, or auto-pay went off. */
  closed: { invoiceId: string; attempt: number; reason: string }[];
}

/**
 * The scheduler's job (docs/payments.md "Retries"): each declined auto-pay attempt whose retry is
 * due (20 hours on) is tried again, up to MAX_AUTO_PAY_ATTEMPTS in all, and each attempt cut
 * short by a crash is finished. The next attempt is claimed in a transaction: across instances
 * and ticks, each runs once. A recovered invoice (paid another way, voided) or a client no longer
 * on auto-pay gets no further attempt.
 */
export async function retryDueAutoPayments(deps: AutoPayDeps, now: Date, limit = 50): Promise<AutoPayRetryReport> {
  const report: AutoPayRetryReport = { tried: [], closed: [] };
  for (const previous of await deps.attempts.listDue(now, limit)) {
    const card = await autoPayCardOf(deps.cards, previous.clientId);
    if (previous.status === 'failed') {
      const inv = await deps.invoices.get(previous.invoiceId);
      const why = !inv ? 'The invoice no longer exists.' : (notPayableOnline(inv) ?? (card ? null : 'Auto-pay is off or the client has no card on file.'));
      if (why) {
        await deps.attempts.close(previous.invoiceId, previous.attempt, why);
        report.closed.push({ invoiceId: previous.invoiceId, attempt: previous.attempt, reason: why });
        continue;
      }
    }
    const claimed = await deps.attempts.claimNext(previous, now, deps.holder);
    if (!claimed) continue;
    const outcome = card ? await runAttempt(deps, claimed, card, now) : await finish(deps, claimed, { status: 'skipped', reason: 'Auto-pay is off or the client has no card on file.' }, now);
    report.tried.push({ invoiceId: claimed.invoiceId, attempt: claimed.attempt, status: outcome.status });
  }
  return report;
}

/** Charges a claimed attempt and records its outcome; a throw (provider down) leaves it 'charging', finished by a later tick with the same key. */
async function runAttempt(deps: AutoPayDeps, a: AutoPayAttempt, card: Card, now: Date): Promise<AutoPayOutcome> {
  return finish(deps, a, await autoPayInvoice(deps, a.invoiceId, card, a.attempt), now);
}

async function finish(deps: AutoPayDeps, a: AutoPayAttempt, outcome: AutoPayOutcome, now: Date): Promise<AutoPayOutcome> {
  const next = outcome.status === 'failed' ? nextAutoPayAttemptAt(a.attempt, now) : null;
  await deps.attempts.finish(a.invoiceId, a.attempt, outcome, next);
  // The customer hears of the first decline (with when it is tried again) and of the last; the office of the last only.
  if (outcome.status === 'failed' && (a.attempt === 1 || next === null)) {
    const inv = await deps.invoices.get(a.invoiceId);
    if (inv) {
      await deps.notify?.({
        kind: 'payment-failed',
        invoice: inv,
        attemptId: `auto-pay-${a.attempt}`,
        amountCents: inv.balanceCents,
        reason: outcome.reason,
        source: 'auto-pay',
        autoPay: { attempt: a.attempt, of: MAX_AUTO_PAY_ATTEMPTS, nextAttemptAt: next },
      });
    }
  }
  return outcome;
}
