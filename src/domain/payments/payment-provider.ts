/**
 * The payment-provider port (docs/payments.md): what online payment needs from a provider such
 * as Stripe, in the product's words. A hosted checkout page for an amount of one invoice, its
 * state, refunds, and the provider's webhook events verified and reduced to what the invoice
 * cares about. Amounts are integer cents in the configured currency; `reference` is the
 * provider's id of the payment (a Stripe PaymentIntent), the one a payment and its refunds share.
 */
import type { PaymentSource } from './payment-source.ts';

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
  | (EventBase & { kind: 'failed'; invoiceId: string; amountCents: number; reference: string; reason: string; source: PaymentSource })
  /** `refundedCents` is everything refunded of that payment so far (the provider's running total). */
  | (EventBase & { kind: 'refunded'; invoiceId: string; reference: string; refundedCents: number })
  | (EventBase & { kind: 'ignored' });

/** Saving a card for later (card on file): the provider's page in setup mode for one of its customers. */
export interface CardSetupRequest {
  /** The provider's customer id; null: one is made for this client first. */
  customerId: string | null;
  clientId: string;
  clientName: string;
  email: string | null;
  /** ISO 4217: the currency the card will be charged in. */
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

/** A saved card as it may be shown: brand, last four digits, expiry; never the number. */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Charging a saved card without the customer (a monitoring invoice on auto-pay). */
export interface OffSessionCharge {
  customerId: string;
  paymentMethodId: string;
  invoiceId: string;
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  /** Derived from the invoice and the attempt: the same key charges once, however often the run repeats. */
  idempotencyKey: string;
  /** 1 for the first charge, then each retry (kept on the provider's payment as `source: auto-pay`). */
  attempt: number;
}

export type OffSessionResult = { status: 'succeeded'; reference: string } | { status: 'failed'; reference: string | null; reason: string };

export interface PaymentProvider {
  /** Shown in the audit trail ("Online payment (stripe)") and used to key processed events. */
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<CheckoutSession>;
  refund(reference: string, amountCents: number): Promise<{ id: string }>;
  /** The provider's page where the customer saves a card (no charge now). */
  startCardSetup?(request: CardSetupRequest): Promise<{ url: string; customerId: string; sessionId: string }>;
  /** The card a completed setup session saved; null while the session is not complete. */
  savedCard?(sessionId: string): Promise<SavedCard | null>;
  /** Forgets a saved card at the provider. */
  removeCard?(paymentMethodId: string): Promise<void>;
  /** Charges a saved card off-session; the payment itself is recorded by the webhook, like any other. */
  chargeSavedCard?(charge: OffSessionCharge): Promise<OffSessionResult>;
  /** Verifies the signature over the raw body and reads the event; a forged or stale one throws DomainError('validation'). */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}
