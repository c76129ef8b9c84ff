/**
 * The payment-provider port on Stripe's official SDK (docs/payments.md): Checkout Sessions in
 * mode 'payment' (one line "Invoice INV-2026-0012" for the amount chosen), refunds, and webhooks
 * verified with the endpoint's signing secret by `stripe.webhooks.constructEvent` (which also
 * refuses a signature older than five minutes). Tests point the SDK at a loopback peer through
 * its host, port and protocol options (STRIPE_API_HOST/PORT/PROTOCOL).
 */
import Stripe from 'stripe';
import type { CardSetupRequest, CheckoutRequest, CheckoutSession, OffSessionCharge, OffSessionResult, PaymentEvent, PaymentProvider, SavedCard } from '../../domain/payments/payment-provider.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A loopback peer in tests; Stripe's own API otherwise. */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

/** Where the invoice's id travels on the session and its payment (the metadata key). */
const INVOICE_KEY = 'invoice_id';
/** Set to `auto-pay` on an off-session charge, so its webhook events are told apart from Checkout's. */
const SOURCE_KEY = 'source';

const idOf = (x: string | { id: string } | null | undefined): string | null => (typeof x === 'string' ? x : (x?.id ?? null));

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...(settings.api ?? {}) });
    this.webhookSecret = settings.webhookSecret;
  }

  async createCheckout(r: CheckoutRequest): Promise<{ id: string; url: string }> {
    const metadata = { [INVOICE_KEY]: r.invoiceId, invoice_number: r.invoiceNumber };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: r.currency.toLowerCase(), unit_amount: r.amountCents, product_data: { name: `Invoice ${r.invoiceNumber}` } } }],
      metadata,
      payment_intent_data: { metadata, description: `Invoice ${r.invoiceNumber}` },
      client_reference_id: r.invoiceId,
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
      ...(r.customerEmail ? { customer_email: r.customerEmail } : {}),
    });
    if (!session.url) throw new DomainError('unavailable', 'The payment page could not be opened; please try again in a moment.');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(id: string): Promise<CheckoutSession> {
    const s = await this.stripe.checkout.sessions.retrieve(id);
    return {
      id: s.id,
      url: s.url,
      status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
      paid: s.payment_status === 'paid',
      amountCents: s.amount_total ?? 0,
      invoiceId: s.metadata?.[INVOICE_KEY] ?? null,
      reference: idOf(s.payment_intent),
    };
  }

  async startCardSetup(r: CardSetupRequest): Promise<{ url: string; customerId: string; sessionId: string }> {
    const customerId = r.customerId ?? (await this.stripe.customers.create({ name: r.clientName, ...(r.email ? { email: r.email } : {}), metadata: { client_id: r.clientId } })).id;
    const session = await this.stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customerId,
      currency: r.currency.toLowerCase(),
      metadata: { client_id: r.clientId },
      setup_intent_data: { metadata: { client_id: r.clientId } },
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
    });
    if (!session.url) throw new DomainError('unavailable', 'The card page could not be opened; please try again in a moment.');
    return { url: session.url, customerId, sessionId: session.id };
  }

  async savedCard(sessionId: string): Promise<SavedCard | null> {
    const s = await this.stripe.checkout.sessions.retrieve(sessionId);
    const setupIntentId = idOf(s.setup_intent);
    if (s.mode !== 'setup' || s.status !== 'complete' || !setupIntentId) return null;
    const si = await this.stripe.setupIntents.retrieve(setupIntentId);
    const pmId = idOf(si.payment_method);
    const customerId = idOf(si.customer);
    if (!pmId || !customerId) return null;
    const pm = await this.stripe.paymentMethods.retrieve(pmId);
    if (!pm.card) return null;
    return { customerId, paymentMethodId: pm.id, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year };
  }

  async removeCard(paymentMethodId: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethodId);
  }

  async chargeSavedCard(c: OffSessionCharge): Promise<OffSessionResult> {
    const metadata = { [INVOICE_KEY]: c.invoiceId, invoice_number: c.invoiceNumber, [SOURCE_KEY]: 'auto-pay', auto_pay_attempt: String(c.attempt) };
    try {
      const pi = await this.stripe.paymentIntents.create(
        { amount: c.amountCents, currency: c.currency.toLowerCase(), customer: c.customerId, payment_method: c.paymentMethodId, off_session: true, confirm: true, metadata, description: `Invoice ${c.invoiceNumber}` },
        { idempotencyKey: c.idempotencyKey },
      );
      return pi.status === 'succeeded' ? { status: 'succeeded', reference: pi.id } : { status: 'failed', reference: pi.id, reason: pi.last_payment_error?.message ?? 'The payment did not go through.' };
    } catch (err) {
      // A decline is an answer, not an outage: Stripe answers 402 with the card error.
      if (err instanceof Stripe.errors.StripeCardError) return { status: 'failed', reference: (err.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? null, reason: err.message };
      throw err;
    }
  }

  async refund(reference: string, amountCents: number): Promise<{ id: string }> {
    const refund = await this.stripe.refunds.create({ payment_intent: reference, amount: amountCents });
    return { id: refund.id };
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    } catch (err) {
      const why = err instanceof Error ? err.message.split('\n')[0] : 'unreadable';
      throw new DomainError('validation', `Webhook refused: its signature does not verify (${why}).`);
    }
    return this.meaning(event);
  }

  /** What an event means for an invoice; everything not about an invoice's payment is ignored. */
  private async meaning(event: Stripe.Event): Promise<PaymentEvent> {
    const base = { eventId: event.id, type: event.type };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const s = event.data.object;
        const invoiceId = s.metadata?.[INVOICE_KEY];
        const reference = idOf(s.payment_intent) ?? s.id;
        // A session paid by a delayed method completes unpaid; its success arrives later.
        if (s.mode !== 'payment' || s.payment_status !== 'paid' || !invoiceId) return { ...base, kind: 'ignored' };
        return { ...base, kind: 'paid', invoiceId, amountCents: s.amount_total ?? 0, reference };
      }
      case 'checkout.session.async_payment_failed': {
        const s = event.data.object;
        const invoiceId = s.metadata?.[INVOICE_KEY];
        if (!invoiceId) return { ...base, kind: 'ignored' };
        return { ...base, kind: 'failed', invoiceId, amountCents: s.amount_total ?? 0, reference: idOf(s.payment_intent) ?? s.id, reason: 'The payment did not go through.', source: 'checkout' };
      }
      case 'payment_intent.succeeded': {
        const pi = event.data.object;
        const invoiceId = pi.metadata?.[INVOICE_KEY];
        if (!invoiceId) return { ...base, kind: 'ignored' };
        return { ...base, kind: 'paid', invoiceId, amountCents: pi.amount_received, reference: pi.id };
      }
      case 'payment_intent.payment_failed': {
        const pi = event.data.object;
        const invoiceId = pi.metadata?.[INVOICE_KEY];
        if (!invoiceId) return { ...base, kind: 'ignored' };
        const source = pi.metadata?.[SOURCE_KEY] === 'auto-pay' ? 'auto-pay' : 'checkout';
        return { ...base, kind: 'failed', invoiceId, amountCents: pi.amount, reference: pi.id, reason: pi.last_payment_error?.message ?? 'The payment did not go through.', source };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const reference = idOf(charge.payment_intent);
        if (!reference) return { ...base, kind: 'ignored' };
        // A charge does not carry its PaymentIntent's metadata: ask for the payment.
        const invoiceId = charge.metadata?.[INVOICE_KEY] ?? (await this.stripe.paymentIntents.retrieve(reference)).metadata?.[INVOICE_KEY];
        if (!invoiceId) return { ...base, kind: 'ignored' };
        return { ...base, kind: 'refunded', invoiceId, reference, refundedCents: charge.amount_refunded };
      }
      default:
        return { ...base, kind: 'ignored' };
    }
  }
}
