import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { InboxList } from '#contracts/support.ts';
import type { StaffReviewList } from '#contracts/reviews.ts';
import { apiFetch } from '../api.ts';

/** Contact messages and support requests, newest first, by status and kind (keys under 'admin', which their changes invalidate). */
export const messagesQuery = (status: string | undefined, kind: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'messages', status ?? 'all', kind ?? 'all'],
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams();
      if (status) q.set('status', status);
      if (kind) q.set('kind', kind);
      if (pageParam) q.set('cursor', pageParam);
      return apiFetch<InboxList>(`/api/admin/messages?${q.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Reviews to moderate, by status. */
export const staffReviewsQuery = (status: string | undefined) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'reviews', status ?? 'all'],
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams();
      if (status) q.set('status', status);
      if (pageParam) q.set('cursor', pageParam);
      return apiFetch<StaffReviewList>(`/api/admin/reviews?${q.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The status /admin/reviews shows when the search names none. */
export const DEFAULT_REVIEW_STATUS = 'pending';

/** What /admin/messages and /admin/reviews show first (their route loaders start it). */
export const prefetchMessages = (qc: QueryClient, search: { status?: string; kind?: string }) => qc.prefetchInfiniteQuery(messagesQuery(search.status, search.kind));
export const prefetchReviews = (qc: QueryClient, search: { status?: string }) => qc.prefetchInfiniteQuery(staffReviewsQuery(search.status ?? DEFAULT_REVIEW_STATUS));
