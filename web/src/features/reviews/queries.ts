import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ReviewList } from '#contracts/reviews.ts';
import { apiFetch } from '#lib/api.ts';

export const reviewsQuery = infiniteQueryOptions({
  queryKey: ['reviews', 'published'],
  queryFn: ({ pageParam }) => apiFetch<ReviewList>(`/api/reviews${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 60_000,
});

/** Just the first page: the summary for trust signals on other screens. */
export const reviewSummaryQuery = queryOptions({
  queryKey: ['reviews', 'published', 'summary'],
  queryFn: async () => (await apiFetch<ReviewList>('/api/reviews')).summary,
  staleTime: 5 * 60_000,
});
