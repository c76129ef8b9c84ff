import { auditEntry, type Actor, type AuditChange } from '../../domain/audit/audit-entry.ts';
import { INVOICE_ENTITY, invoiceChanges, paymentChanges, recordPayment, type Invoice } from '../../domain/invoices/invoice.ts';
import type { Changed } from '../../domain/invoices/invoice-repository.ts';
import { isDomainError } from '../../domain/shared/domain-error.ts';
import { calendarOf } from '../invoices/invoice-deps.ts';
import type { PaymentDeps } from './payment-deps.ts';

export type CardPaymentOutcome = 'payment-recorded' | 'already-applied' | 'not-applied';

/**
 * A card payment the provider confirmed, booked on the invoice: once per provider reference,
 * checked inside the caller's transaction, so the webhook and the auto-pay attempt that both
 * learn of one payment book it once, whichever commits first. A payment the invoice cannot take
 * any more (paid meanwhile, voided) is not booked: the audit trail says so, for the office to refund.
 * `about` opens the audit entry's changes (the webhook's event, the auto-pay attempt).
 */
export function bookCardPayment(
  deps: Pick<PaymentDeps, 'ids' | 'format' | 'clock'>,
  actor: Actor,
  inv: Invoice,
  paid: { amountCents: number; reference: string },
  now: Date,
  about: AuditChange[],
): { changed: Changed | null; outcome: CardPaymentOutcome } {
  const entry = (action: string, changes: AuditChange[]) => auditEntry(actor, now, INVOICE_ENTITY, inv.id, action, changes);
  if (inv.payments.some((p) => p.reference === paid.reference && p.amountCents > 0)) return { changed: null, outcome: 'already-applied' };
  const calendar = calendarOf(deps);
  const id = deps.ids.next();
  try {
    const next = recordPayment(inv, { date: calendar.today, amountCents: paid.amountCents, method: 'card', reference: paid.reference }, { ...calendar, id, now, by: actor.name });
    const changes = [...paymentChanges(null, next.payments.find((p) => p.id === id) ?? null), ...invoiceChanges(inv, next)];
    return { changed: { invoice: next, audit: entry('payment', changes) }, outcome: 'payment-recorded' };
  } catch (err) {
    if (!isDomainError(err)) throw err;
    // Paid meanwhile, voided, or more than the balance: money to give back, not to book.
    const changes: AuditChange[] = [...about, { field: 'payment.amountCents', from: null, to: paid.amountCents }, { field: 'payment.reference', from: null, to: paid.reference }, { field: 'reason', from: null, to: err.message }];
    return { changed: { invoice: inv, audit: entry('payment-not-applied', changes) }, outcome: 'not-applied' };
  }
}
