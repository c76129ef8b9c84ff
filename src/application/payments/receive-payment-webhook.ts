import { auditEntry, type Actor, type AuditChange } from '../../domain/audit/audit-entry.ts';
import { INVOICE_ENTITY, invoiceChanges, paymentChanges, recordRefund, type Invoice } from '../../domain/invoices/invoice.ts';
import type { Changed } from '../../domain/invoices/invoice-repository.ts';
import type { PaymentEvent } from '../../domain/payments/payment-provider.ts';
import { DomainError, isDomainError } from '../../domain/shared/domain-error.ts';
import { calendarOf } from '../invoices/invoice-deps.ts';
import { providerActor, type PaymentDeps } from './payment-deps.ts';
import { bookCardPayment } from './book-card-payment.ts';

export type WebhookOutcome = 'payment-recorded' | 'refund-recorded' | 'failure-recorded' | 'not-applied' | 'already-applied' | 'ignored' | 'unknown-invoice';

const what = (e: PaymentEvent, amountCents: number, reference: string, more: AuditChange[] = []): AuditChange[] => [
  { field: 'event', from: null, to: `${e.type} ${e.eventId}` },
  { field: 'payment.amountCents', from: null, to: amountCents },
  { field: 'payment.reference', from: null, to: reference },
  ...more,
];

/**
 * The provider's webhook (public by design: the signature over the raw body is the key). A
 * forged or stale signature is refused (400) before anything is read. Each event applies at most
 * once: its id is stored with the change in one transaction (InvoiceRepository.applyOnce), so a
 * redelivery, a replay or two instances receiving it change nothing more. A payment is also
 * recorded once per provider reference, since Checkout reports one payment twice (the session
 * completed, the payment intent succeeded). A payment the invoice cannot take any more (paid by
 * check meanwhile, voided) is not recorded: the audit trail says so, for the office to refund.
 */
export async function receivePaymentWebhook(deps: PaymentDeps, rawBody: Buffer, signature: string | undefined): Promise<{ outcome: WebhookOutcome }> {
  if (!deps.provider) throw new DomainError('not-found', 'No payment provider is configured.');
  const event = await deps.provider.parseWebhook(rawBody, signature);
  if (event.kind === 'ignored') return { outcome: 'ignored' };
  const actor = providerActor(deps.provider);
  const apply = (inv: Invoice, now: Date): { changed: Changed | null; outcome: WebhookOutcome } => applyEvent(deps, actor, event, inv, now);
  let outcome: WebhookOutcome = 'already-applied';
  let saved: Invoice;
  try {
    const { applied, invoice } = await deps.invoices.applyOnce(event.invoiceId, `${deps.provider.name}:${event.eventId}`, (inv) => {
      const r = apply(inv, deps.clock.now());
      outcome = r.outcome;
      return r.changed;
    });
    if (!applied) outcome = 'already-applied';
    saved = invoice;
  } catch (err) {
    if (isDomainError(err) && err.code === 'not-found') return { outcome: 'unknown-invoice' };
    throw err;
  }
  // The office hears of it (and the customer gets a receipt) once: keyed by the provider's payment id, so the two events Checkout sends for one payment, a redelivery or two instances tell it once.
  const done = outcome as WebhookOutcome; // assigned inside the transaction's callback
  if (done === 'payment-recorded' && event.kind === 'paid') {
    const paid = saved.payments.find((p) => p.reference === event.reference && p.amountCents > 0);
    await deps.notify?.({ kind: 'payment-received', invoice: saved, paymentId: event.reference, amountCents: event.amountCents, date: paid?.date ?? calendarOf(deps).today, source: 'online' });
  }
  // An auto-pay decline is told by its attempt (auto-pay-invoice.ts): the customer after the first and the last, the office after the last.
  if (done === 'failure-recorded' && event.kind === 'failed' && event.source === 'checkout') {
    await deps.notify?.({ kind: 'payment-failed', invoice: saved, attemptId: event.reference, amountCents: event.amountCents, reason: event.reason, source: 'checkout' });
  }
  return { outcome };
}

function applyEvent(deps: PaymentDeps, actor: Actor, e: Exclude<PaymentEvent, { kind: 'ignored' }>, inv: Invoice, now: Date): { changed: Changed | null; outcome: WebhookOutcome } {
  const entry = (action: string, changes: AuditChange[]) => auditEntry(actor, now, INVOICE_ENTITY, inv.id, action, changes);
  const calendar = calendarOf(deps);
  if (e.kind === 'failed') return { changed: { invoice: inv, audit: entry('payment-failed', what(e, e.amountCents, e.reference, [{ field: 'reason', from: null, to: e.reason }])) }, outcome: 'failure-recorded' };
  if (e.kind === 'paid') return bookCardPayment(deps, actor, inv, { amountCents: e.amountCents, reference: e.reference }, now, [{ field: 'event', from: null, to: `${e.type} ${e.eventId}` }]);
  const refundedSoFar = -inv.payments.filter((p) => p.reference === e.reference && p.amountCents < 0).reduce((s, p) => s + p.amountCents, 0);
  const more = e.refundedCents - refundedSoFar;
  if (more <= 0) return { changed: null, outcome: 'already-applied' };
  const id = deps.ids.next();
  const next = recordRefund(inv, { date: calendar.today, amountCents: more, reference: e.reference }, { id, now, by: actor.name });
  const changes = [...paymentChanges(null, next.payments.find((p) => p.id === id) ?? null), ...invoiceChanges(inv, next)];
  return { changed: { invoice: next, audit: entry('refund', changes) }, outcome: 'refund-recorded' };
}
