/**
 * Where a payment attempt came from: the customer on the provider's Checkout page (who sees a
 * decline there and may try again), or an off-session auto-pay charge of the card on file (which
 * nobody watched: the customer is mailed, docs/payments.md "Retries").
 */
export type PaymentSource = 'checkout' | 'auto-pay';
