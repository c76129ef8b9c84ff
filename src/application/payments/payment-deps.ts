import type { InvoiceDeps } from '../invoices/invoice-deps.ts';
import type { PaymentProvider } from '../../domain/payments/payment-provider.ts';
import type { Actor } from '../../domain/audit/audit-entry.ts';
import { providerRecorder } from '../../domain/invoices/invoice.ts';

/** Online payment (docs/payments.md): the invoices' dependencies and the provider, null when none is configured. */
export interface PaymentDeps extends InvoiceDeps {
  provider: PaymentProvider | null;
}

/** Who the audit trail says recorded what a provider's webhook reported. */
export const providerActor = (provider: PaymentProvider): Actor => ({ id: `payment-provider:${provider.name}`, name: providerRecorder(provider.name) });
