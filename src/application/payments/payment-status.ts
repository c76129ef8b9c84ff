import { DomainError } from '../../domain/shared/domain-error.ts';
import { publicFound } from '../invoices/read-invoices.ts';
import type { PaymentDeps } from './payment-deps.ts';

export type CheckoutState = 'received' | 'processing' | 'not-paid';

export interface PublicPaymentStatus {
  /** A provider is configured: the page offers Pay (else it shows the payment instructions). */
  online: boolean;
  /** The checkout the customer came back from: recorded on the invoice, paid but not yet recorded (the webhook is on its way), or not paid. */
  checkout: { state: CheckoutState; amountCents: number } | null;
}

const SESSION_ID = /^[A-Za-z0-9_]{1,200}$/;

/** What /i/<token> asks after the provider sent the customer back (public: the token is the key). */
export async function publicPaymentStatus(deps: PaymentDeps, token: string, sessionId: string | undefined): Promise<PublicPaymentStatus> {
  const inv = await publicFound(deps, token);
  if (!deps.provider || sessionId === undefined) return { online: deps.provider !== null, checkout: null };
  const notOurs = new DomainError('not-found', 'No such payment for this invoice.');
  if (!SESSION_ID.test(sessionId)) throw notOurs;
  const session = await deps.provider.retrieveCheckout(sessionId);
  if (session.invoiceId !== inv.id) throw notOurs;
  const recorded = session.reference !== null && inv.payments.some((p) => p.reference === session.reference && p.amountCents > 0);
  const state: CheckoutState = recorded ? 'received' : session.paid ? 'processing' : 'not-paid';
  return { online: true, checkout: { state, amountCents: session.amountCents } };
}
