import { DomainError } from '../../domain/shared/domain-error.ts';
import { amountToPay } from '../../domain/payments/online-payment.ts';
import { publicFound } from '../invoices/read-invoices.ts';
import { publicLink } from '../invoices/invoice-deps.ts';
import type { PaymentDeps } from './payment-deps.ts';

/** The words the page shows when no provider is configured: pay as the invoice says. */
const NO_ONLINE_PAYMENT = 'Online payment is not available; please pay as the invoice says under "How to pay".';

/**
 * "Pay" on the customer's link /i/<token> (public: the token is the key): a provider checkout
 * for the balance, or for the part typed in `amount` ("$1,000.00"), which the provider's page
 * takes; it sends the customer back to the link, where the page waits for the webhook.
 */
export async function startCheckout(deps: PaymentDeps, token: string, amount: string | undefined): Promise<{ url: string }> {
  const inv = await publicFound(deps, token);
  const cents = amountToPay(inv, amount, deps.format);
  if (!deps.provider) throw new DomainError('conflict', NO_ONLINE_PAYMENT);
  const back = publicLink(deps, inv.publicToken);
  const session = await deps.provider.createCheckout({
    invoiceId: inv.id,
    invoiceNumber: inv.number,
    amountCents: cents,
    currency: deps.format.currency,
    successUrl: `${back}?checkout={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${back}?checkout=cancelled`,
    customerEmail: inv.clientEmail,
  });
  return { url: session.url };
}
