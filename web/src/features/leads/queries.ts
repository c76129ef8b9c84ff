import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Lead, LeadList } from '#contracts/quotes.ts';
import { LEAD_STATUS_LABELS } from '#contracts/public-site-values.ts';
import { useOptimisticChange } from '#lib/queries/optimistic.ts';
import { apiFetch } from '#lib/api.ts';

export const LEADS_KEY = ['admin', 'leads'] as const;

export const leadsQuery = (status: string | undefined) =>
  infiniteQueryOptions({
    queryKey: [...LEADS_KEY, status ?? 'all'],
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams();
      if (status) q.set('status', status);
      if (pageParam) q.set('cursor', pageParam);
      return apiFetch<LeadList>(`/api/admin/leads?${q.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** What /admin/leads shows first for its status filter (the route loader starts it). */
export const prefetchLeadsScreen = (qc: QueryClient, status: string | undefined) => qc.prefetchInfiniteQuery(leadsQuery(status));

/** The cached lead pages with lead `id` changed by `patch`. */
export const patchCachedLead = (data: unknown, id: string, patch: (lead: Lead) => Lead): unknown => {
  const pages = (data as InfiniteData<LeadList> | undefined)?.pages;
  if (!pages) return data;
  return { ...(data as InfiniteData<LeadList>), pages: pages.map((p) => ({ ...p, leads: p.leads.map((l) => (l.id === id ? patch(l) : l)) })) };
};

/** A lead's status change: the card shows the new status at once (rolled back, with the reason, if refused). */
export const useLeadStatus = (lead: Pick<Lead, 'id' | 'name'>) =>
  useOptimisticChange({
    queryKey: LEADS_KEY,
    run: (status: Lead['status']) => apiFetch<Lead>(`/api/admin/leads/${encodeURIComponent(lead.id)}`, { method: 'PATCH', json: { status } }),
    guess: (status) => (data) => patchCachedLead(data, lead.id, (l) => ({ ...l, status })),
    reconcile: (saved) => (data) => patchCachedLead(data, saved.id, () => saved),
    what: (status) => `The request from ${lead.name} was not marked ${LEAD_STATUS_LABELS[status]}`,
    // The counts on the admin panel follow.
    invalidate: ['admin'],
  });
