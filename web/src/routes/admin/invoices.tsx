import { createFileRoute } from '@tanstack/react-router';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { InvoiceManager, type InvoiceSearch, type InvoiceSearchPatch } from '../../features/invoices/InvoiceManager.tsx';

const SORTS = ['issueDate', 'dueDate', 'number', 'totalCents', 'balanceCents', 'clientName'];
const STATUSES = ['draft', 'sent', 'partial', 'paid', 'void'];
const parseSearch = (s: Record<string, unknown>) =>
  parseWith<InvoiceSearch>(s, { q: 100, status: STATUSES, overdue: 'flag', sort: SORTS, dir: ['asc'], invoice: 100 });

export const Route = createFileRoute('/admin/invoices')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('../../features/invoices/queries.ts').then((q) => q.prefetchInvoiceScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InvoiceManager search={search} onSearch={(next: InvoiceSearchPatch) => void navigate({ search: (prev: InvoiceSearch) => ({ ...prev, ...next }), replace: true })} />;
}
