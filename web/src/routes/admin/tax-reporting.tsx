import { createFileRoute } from '@tanstack/react-router';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { TaxReportScreen, type TaxSearch, type TaxSearchPatch } from '../../features/tax/TaxReportScreen.tsx';

const PERIODS = ['month', 'quarter', 'year', 'custom'];
const str = (v: unknown, max = 40) => (typeof v === 'string' && v.length <= max ? v : undefined);

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
function parseSearch(s: Record<string, unknown>): TaxSearch {
  const out: TaxSearch = {};
  if (s['basis'] === 'cash') out.basis = 'cash';
  const period = str(s['period']);
  if (period && PERIODS.includes(period)) out.period = period;
  const value = typeof s['value'] === 'number' ? String(s['value']) : str(s['value']);
  if (value) out.value = value;
  const rate = Number(s['rate']);
  if (s['rate'] !== undefined && Number.isInteger(rate) && rate >= 0 && rate <= 10_000) out.rate = rate;
  return out;
}

export const Route = createFileRoute('/admin/tax-reporting')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('#lib/queries/tax.ts').then((q) => q.prefetchTaxScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TaxReportScreen search={search} onSearch={(next: TaxSearchPatch) => void navigate({ search: (prev: TaxSearch) => ({ ...prev, ...next }), replace: true })} />;
}
