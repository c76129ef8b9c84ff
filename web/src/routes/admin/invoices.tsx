import { createFileRoute } from '@tanstack/react-router';
import { InvoiceManager, type InvoiceSearch, type InvoiceSearchPatch } from '../../features/invoices/InvoiceManager.tsx';

const SORTS = ['issueDate', 'dueDate', 'number', 'totalCents', 'balanceCents', 'clientName'];
const STATUSES = ['draft', 'sent', 'partial', 'paid', 'void'];
const str = (v: unknown, max = 100) => (typeof v === 'string' && v.length <= max ? v : undefined);

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
function parseSearch(s: Record<string, unknown>): InvoiceSearch {
  const out: InvoiceSearch = {};
  const q = str(s['q']);
  if (q) out.q = q;
  const status = str(s['status']);
  if (status && STATUSES.includes(status)) out.status = status;
  if (s['overdue'] === true || s['overdue'] === 'true') out.overdue = true;
  const sort = str(s['sort']);
  if (sort && SORTS.includes(sort)) out.sort = sort;
  if (s['dir'] === 'asc') out.dir = 'asc';
  const invoice = str(s['invoice']);
  if (invoice) out.invoice = invoice;
  return out;
}

export const Route = createFileRoute('/admin/invoices')({
  validateSearch: parseSearch,
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InvoiceManager search={search} onSearch={(next: InvoiceSearchPatch) => void navigate({ search: (prev: InvoiceSearch) => ({ ...prev, ...next }), replace: true })} />;
}
