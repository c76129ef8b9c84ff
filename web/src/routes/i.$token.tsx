import { createFileRoute } from '@tanstack/react-router';
import { PublicInvoice } from '../features/invoices/PublicInvoice.tsx';

/** The client's invoice link (/i/<token>), public: the token is the only key. */
export const Route = createFileRoute('/i/$token')({
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: Screen,
});

function Screen() {
  const { token } = Route.useParams();
  return <PublicInvoice token={token} />;
}
