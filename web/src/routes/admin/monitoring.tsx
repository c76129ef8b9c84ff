import { createFileRoute } from '@tanstack/react-router';
import { MonitoringScreen, type MonitoringSearch, type MonitoringSearchPatch } from '../../features/monitoring/MonitoringScreen.tsx';

const SORTS = ['createdAt', 'clientName', 'plan', 'monthlyFeeCents', 'startDate', 'status'];
const STATUSES = ['pending', 'active', 'past-due', 'cancelled'];
const str = (v: unknown, max = 100) => (typeof v === 'string' && v.length <= max ? v : undefined);

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
function parseSearch(s: Record<string, unknown>): MonitoringSearch {
  const out: MonitoringSearch = {};
  const q = str(s['q']);
  if (q) out.q = q;
  const status = str(s['status']);
  if (status && STATUSES.includes(status)) out.status = status;
  const sort = str(s['sort']);
  if (sort && SORTS.includes(sort)) out.sort = sort;
  if (s['dir'] === 'asc') out.dir = 'asc';
  const contract = str(s['contract']);
  if (contract) out.contract = contract;
  return out;
}

export const Route = createFileRoute('/admin/monitoring')({
  validateSearch: parseSearch,
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MonitoringScreen search={search} onSearch={(next: MonitoringSearchPatch) => void navigate({ search: (prev: MonitoringSearch) => ({ ...prev, ...next }), replace: true })} />;
}
