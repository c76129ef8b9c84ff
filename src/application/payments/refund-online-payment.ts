import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { INVOICE_ENTITY } from '../../domain/invoices/invoice.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { typedAmount } from '../../domain/payments/online-payment.ts';
import { requireAccess } from '../shared/require-access.ts';
import { providerActor, type PaymentDeps } from './payment-deps.ts';

/**
 * Asks the provider to give back (part of) an online payment (editInvoices). Nothing is booked
 * here: the refund is recorded when the provider's `charge.refunded` webhook confirms it, so the
 * books show what the provider did, once. The request itself is in the audit trail.
 */
export async function refundOnlinePayment(deps: PaymentDeps, auth: AuthState, invoiceId: string, paymentId: string, amount: string | undefined, reason?: string): Promise<{ refundId: string; amountCents: number }> {
  const actor = requireAccess(auth, 'editInvoices');
  if (!deps.provider) throw new DomainError('conflict', 'No payment provider is configured; refund the client the way they paid and remove the payment.');
  const inv = await deps.invoices.get(invoiceId);
  if (!inv) throw new DomainError('not-found', `No invoice ${invoiceId}.`);
  const payment = inv.payments.find((p) => p.id === paymentId && p.amountCents > 0);
  if (!payment) throw new DomainError('not-found', `${inv.number} has no such payment.`);
  const remaining = inv.payments.filter((p) => p.reference === payment.reference).reduce((s, p) => s + p.amountCents, 0);
  if (payment.method !== 'card' || payment.recordedBy !== providerActor(deps.provider).name)
    throw new DomainError(
      'conflict',
      `Only a card payment made online can be refunded through the card provider; this one was recorded as ${payment.method === 'card' ? 'a card payment taken in person' : payment.method.replace('-', ' ')}. Give the money back the way it was paid, then remove or correct the payment.`,
    );
  if (remaining <= 0) throw new DomainError('conflict', 'That payment has been refunded in full.');
  const cents = amount === undefined ? remaining : typedAmount(amount, remaining, 'what remains of this payment', deps.format);
  const refund = await deps.provider.refund(payment.reference, cents);
  const now = deps.clock.now();
  await deps.invoices.update(inv.id, (current) => ({
    invoice: current,
    audit: auditEntry(actor, now, INVOICE_ENTITY, inv.id, 'refund-requested', [
      { field: 'payment.amountCents', from: null, to: cents },
      { field: 'payment.reference', from: null, to: payment.reference },
      { field: 'refund', from: null, to: refund.id },
      { field: 'reason', from: null, to: reason?.trim() || null },
    ]),
  }));
  return { refundId: refund.id, amountCents: cents };
}
