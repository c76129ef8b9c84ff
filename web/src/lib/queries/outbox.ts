import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OutboxListDto, OutboxMailDto } from '#contracts/support.ts';
import { apiFetch } from '../api.ts';

export const OUTBOX_KEY = ['admin', 'outbox'] as const;

export interface OutboxFilters {
  status?: string;
  q?: string;
  related?: string;
}

/** A page of the outbox (newest first) for the filters, from `cursor`. */
export const outboxQuery = (f: OutboxFilters, cursor: string | null) =>
  queryOptions({
    queryKey: [...OUTBOX_KEY, 'list', f.status ?? '', f.q ?? '', f.related ?? '', cursor ?? ''],
    queryFn: () => {
      const q = new URLSearchParams();
      if (f.status) q.set('status', f.status);
      if (f.q) q.set('q', f.q);
      if (f.related) q.set('related', f.related);
      if (cursor) q.set('cursor', cursor);
      return apiFetch<OutboxListDto>(`/api/admin/outbox?${q.toString()}`);
    },
    placeholderData: (prev) => prev,
  });

export const outboxMailQuery = (id: string) =>
  queryOptions({ queryKey: [...OUTBOX_KEY, 'mail', id], queryFn: () => apiFetch<OutboxMailDto>(`/api/admin/outbox/${encodeURIComponent(id)}`) });

/** Sends a failed mail again now; the list and the mail reload. */
export function useRetryMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<OutboxMailDto>(`/api/admin/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST', json: {} }),
    onSettled: () => qc.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}

/** What /admin/outbox shows first for its search: the first page, the open mail (the route loader starts it). */
export const prefetchOutboxScreen = (qc: QueryClient, search: OutboxFilters & { mail?: string }) =>
  Promise.all([qc.prefetchQuery(outboxQuery({ status: search.status, q: search.q, related: search.related }, null)), search.mail ? qc.prefetchQuery(outboxMailQuery(search.mail)) : null]);
