import { createFileRoute } from '@tanstack/react-router';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { MonitoringScreen, type MonitoringSearch, type MonitoringSearchPatch } from '../../features/monitoring/MonitoringScreen.tsx';

const SORTS = ['createdAt', 'clientName', 'plan', 'monthlyFeeCents', 'startDate', 'status'];
const STATUSES = ['pending', 'active', 'past-due', 'cancelled'];
const parseSearch = (s: Record<string, unknown>) => parseWith<MonitoringSearch>(s, { q: 100, status: STATUSES, sort: SORTS, dir: ['asc'], contract: 100 });

export const Route = createFileRoute('/admin/monitoring')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('../../features/monitoring/queries.ts').then((q) => q.prefetchContractScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MonitoringScreen search={search} onSearch={(next: MonitoringSearchPatch) => void navigate({ search: (prev: MonitoringSearch) => ({ ...prev, ...next }), replace: true })} />;
}
