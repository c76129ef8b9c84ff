import { createFileRoute } from '@tanstack/react-router';
import { ProposalsScreen, type ProposalsSearch, type ProposalsSearchPatch } from '../../features/proposals/ProposalsScreen.tsx';

const STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'converted'];
const SORTS = ['createdAt', 'number', 'validUntil', 'updatedAt'];
const str = (v: unknown, max = 100) => (typeof v === 'string' && v.length <= max ? v : undefined);

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
function parseSearch(s: Record<string, unknown>): ProposalsSearch {
  const out: ProposalsSearch = {};
  const status = str(s['status']);
  if (status && STATUSES.includes(status)) out.status = status;
  const q = str(s['q']);
  if (q) out.q = q;
  const sort = str(s['sort']);
  if (sort && SORTS.includes(sort)) out.sort = sort;
  if (s['dir'] === 'asc') out.dir = 'asc';
  const open = str(s['open']);
  if (open) out.open = open;
  if (s['edit'] === 'new' || s['edit'] === 'open') out.edit = s['edit'];
  return out;
}

export const Route = createFileRoute('/admin/proposals')({
  validateSearch: parseSearch,
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ProposalsScreen search={search} onSearch={(next: ProposalsSearchPatch) => void navigate({ search: (prev: ProposalsSearch) => ({ ...prev, ...next }), replace: true })} />;
}
