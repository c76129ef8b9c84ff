import { infiniteQueryOptions } from '@tanstack/react-query';
import type { LeadList } from '#contracts/quotes.ts';
import { apiFetch } from '#lib/api.ts';

export const leadsQuery = (status: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'leads', status ?? 'all'],
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams();
      if (status) q.set('status', status);
      if (pageParam) q.set('cursor', pageParam);
      return apiFetch<LeadList>(`/api/admin/leads?${q.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
