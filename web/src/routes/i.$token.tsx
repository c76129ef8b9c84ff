import { createFileRoute } from '@tanstack/react-router';
import { PublicInvoice } from '../features/invoices/PublicInvoice.tsx';

/** `?checkout=<session id>` (or `cancelled`): where the payment provider sends the customer back. */
const parseSearch = (s: Record<string, unknown>): { checkout?: string } =>
  typeof s['checkout'] === 'string' && /^[A-Za-z0-9_]{1,200}$/.test(s['checkout']) ? { checkout: s['checkout'] } : {};

/** The client's invoice link (/i/<token>), public: the token is the only key. */
export const Route = createFileRoute('/i/$token')({
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  validateSearch: parseSearch,
  component: Screen,
});

function Screen() {
  const { token } = Route.useParams();
  const { checkout } = Route.useSearch();
  return <PublicInvoice token={token} checkout={checkout} />;
}
