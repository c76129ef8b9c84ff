import { createFileRoute } from '@tanstack/react-router';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { ProposalsScreen, type ProposalsSearch, type ProposalsSearchPatch } from '../../features/proposals/ProposalsScreen.tsx';

const STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'converted'];
const SORTS = ['createdAt', 'number', 'validUntil', 'updatedAt'];
const parseSearch = (s: Record<string, unknown>) =>
  parseWith<ProposalsSearch>(s, { status: STATUSES, q: 100, sort: SORTS, dir: ['asc'], open: 100, edit: ['new', 'open'] });

export const Route = createFileRoute('/admin/proposals')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('../../features/proposals/queries.ts').then((q) => q.prefetchProposalScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ProposalsScreen search={search} onSearch={(next: ProposalsSearchPatch) => void navigate({ search: (prev: ProposalsSearch) => ({ ...prev, ...next }), replace: true })} />;
}
