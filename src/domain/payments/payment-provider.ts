/**
 * The payment-provider port (docs/payments.md): what online payment needs from a provider such
 * as Stripe, in the product's words. A hosted checkout page for an amount of one invoice, its
 * state, refunds, and the provider's webhook events verified and reduced to what the invoice
 * cares about. Amounts are integer cents in the configured currency; `reference` is the
 * provider's id of the payment (a Stripe PaymentIntent), the one a payment and its refunds share.
 */

export interface CheckoutRequest {
  invoiceId: string;
  invoiceNumber: string;
  amountCents: number;
  /** ISO 4217, lower or upper case. */
  currency: string;
  /** Where the provider sends the customer back; `{CHECKOUT_SESSION_ID}` is filled in by the provider. */
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
}

export interface CheckoutSession {
  id: string;
  /** The provider's hosted page; null once the session is complete or expired. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountCents: number;
  invoiceId: string | null;
  /** The payment's id once there is one. */
  reference: string | null;
}

interface EventBase {
  /** The provider's event id: each is applied at most once. */
  eventId: string;
  /** The provider's event type, kept in the audit trail. */
  type: string;
}

/** What a verified webhook event means for an invoice. */
export type PaymentEvent =
  | (EventBase & { kind: 'paid'; invoiceId: string; amountCents: number; reference: string })
  | (EventBase & { kind: 'failed'; invoiceId: string; amountCents: number; reference: string; reason: string })
  /** `refundedCents` is everything refunded of that payment so far (the provider's running total). */
  | (EventBase & { kind: 'refunded'; invoiceId: string; reference: string; refundedCents: number })
  | (EventBase & { kind: 'ignored' });

export interface PaymentProvider {
  /** Shown in the audit trail ("Online payment (stripe)") and used to key processed events. */
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<CheckoutSession>;
  refund(reference: string, amountCents: number): Promise<{ id: string }>;
  /** Verifies the signature over the raw body and reads the event; a forged or stale one throws DomainError('validation'). */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}
