import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PageHeading } from '#ui/PageHeading.tsx';
import { leadsQuery } from '../../features/leads/queries.ts';
import { LeadCard } from '../../features/leads/LeadCard.tsx';
import { PagedCardList } from '#ui/PagedCardList.tsx';
import { StatusFilter } from '#ui/StatusFilter.tsx';
import { LEAD_STATUS_LABELS, LEAD_STATUS_VALUES, oneOf } from '#contracts/public-site-values.ts';

export const Route = createFileRoute('/admin/leads')({
  validateSearch: (s: Record<string, unknown>): { status?: (typeof LEAD_STATUS_VALUES)[number] } => {
    const status = oneOf(LEAD_STATUS_VALUES, s.status);
    return status ? { status } : {};
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('../../features/leads/queries.ts').then((q) => q.prefetchLeadsScreen(context.queryClient, deps.status))),
  component: Screen,
});

function Screen() {
  const { status } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const q = useInfiniteQuery(leadsQuery(status));
  const leads = q.data?.pages.flatMap((p) => p.leads) ?? [];
  return (
    <>
      <PageHeading title="Leads">Free-quote requests from the website, newest first.</PageHeading>
      <StatusFilter id="lead-status" label="Status" value={status} options={LEAD_STATUS_VALUES} labels={LEAD_STATUS_LABELS} onChange={(s) => void navigate({ search: { status: s } })} />
      <PagedCardList query={q} items={leads} label="Leads" empty="No leads here.">
        {(l) => <LeadCard key={l.id} lead={l} />}
      </PagedCardList>
    </>
  );
}
