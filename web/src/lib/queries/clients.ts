import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ClientListQueryInput, ClientListResponse, ClientRelatedResponse, ClientView } from '#contracts/clients.ts';
import { apiFetch } from '../api.ts';

/** Query keys start with 'clients' so every client mutation can invalidate them by prefix. */
export const CLIENTS_KEY = ['clients'] as const;

export type ClientListParams = Omit<ClientListQueryInput, 'limit'> & { limit?: number };

export function clientListQuery(params: ClientListParams) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== null) qs.set(k, String(v));
  return queryOptions({
    queryKey: [...CLIENTS_KEY, 'list', params],
    queryFn: ({ signal }) => apiFetch<ClientListResponse>(`/api/clients?${qs}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export const clientQuery = (id: string) =>
  queryOptions({ queryKey: [...CLIENTS_KEY, 'one', id], queryFn: ({ signal }) => apiFetch<ClientView>(`/api/clients/${encodeURIComponent(id)}`, { signal }) });

/** A client's jobs, proposals, invoices, contracts and analyses (each kind as the viewer may see it). */
export const clientRelatedQuery = (id: string) =>
  queryOptions({
    queryKey: [...CLIENTS_KEY, 'related', id],
    queryFn: ({ signal }) => apiFetch<ClientRelatedResponse>(`/api/clients/${encodeURIComponent(id)}/related`, { signal }),
  });

/** The list's first page size (the person may pick another). */
export const CLIENT_PAGE_SIZE = 25;

/** What /admin/clients shows first for its search (the route loader starts it). */
export const prefetchClientList = (qc: QueryClient, filters: Omit<ClientListParams, 'limit' | 'cursor'>) => qc.prefetchQuery(clientListQuery({ ...filters, limit: CLIENT_PAGE_SIZE }));

/** What /admin/clients/$clientId shows first. */
export const prefetchClient = (qc: QueryClient, id: string) => Promise.all([qc.prefetchQuery(clientQuery(id)), qc.prefetchQuery(clientRelatedQuery(id))]);
