import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { INVOICE_ENTITY } from '../../domain/invoices/invoice.ts';
import { notPayableOnline } from '../../domain/payments/online-payment.ts';
import type { OffSessionResult, SavedCard } from '../../domain/payments/payment-provider.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { providerActor, type PaymentDeps } from './payment-deps.ts';

/** One key per invoice: however often the billing run (or two instances of it) asks, the card is charged once. */
export const autoPayKey = (invoiceId: string): string => `invoice-autopay:${invoiceId}`;

/**
 * Auto-pay (docs/payments.md "Card on file"): charges the balance of an issued invoice to the
 * client's saved card, off-session, with an idempotency key derived from the invoice id. Nothing is
 * booked here: the provider's webhook records the payment (or the failure, which notifies the
 * office) through the one webhook path, once. A system step of the billing run, not a staff action.
 */
export async function autoPayInvoice(deps: PaymentDeps, invoiceId: string, card: Pick<SavedCard, 'customerId' | 'paymentMethodId'>): Promise<OffSessionResult | { status: 'skipped'; reason: string }> {
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
    idempotencyKey: autoPayKey(inv.id),
  });
  const actor = providerActor(deps.provider);
  await deps.invoices.update(inv.id, (current) => ({
    invoice: current,
    audit: auditEntry(actor, deps.clock.now(), INVOICE_ENTITY, inv.id, 'auto-pay-attempt', [
      { field: 'payment.amountCents', from: null, to: inv.balanceCents },
      { field: 'payment.reference', from: null, to: result.reference },
      { field: 'result', from: null, to: result.status === 'succeeded' ? 'succeeded' : `failed: ${result.reason}` },
    ]),
  }));
  return result;
}
