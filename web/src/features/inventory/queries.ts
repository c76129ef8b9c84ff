import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  InventoryItemDto,
  ItemRequestParsed,
  ItemViewResponse,
  LowStockResponse,
  MovementRequestParsed,
  MovementResponse,
  ReverseRequest,
  ReverseResponse,
  SerialDto,
} from '#contracts/inventory.ts';
import type { JobListResponse } from '#contracts/jobs.ts';
import { apiFetch } from '#lib/api.ts';
import { INVENTORY_KEY, itemsQuery } from '#lib/queries/inventory.ts';

export const itemQuery = (id: string) =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'item', id],
    queryFn: () => apiFetch<ItemViewResponse>(`/api/inventory/items/${encodeURIComponent(id)}`),
  });

export const serialQuery = (itemId: string, serial: string) =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'serial', itemId, serial],
    queryFn: () => apiFetch<SerialDto>(`/api/inventory/items/${encodeURIComponent(itemId)}/serials/${encodeURIComponent(serial)}`),
  });

/** Jobs for the movement form's picker: newest first, by number, title, client or address. */
export const jobSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'job-search', q],
    queryFn: () => apiFetch<JobListResponse>(`/api/jobs?${new URLSearchParams({ q, limit: '25', sort: 'number', dir: 'desc' }).toString()}`),
    staleTime: 30_000,
  });

export const lowStockQuery = queryOptions({
  queryKey: [...INVENTORY_KEY, 'low-stock'],
  queryFn: () => apiFetch<LowStockResponse>('/api/inventory/low-stock'),
});

/** Every change invalidates the whole inventory prefix: lists, the item, low stock. */
export function useSaveItem(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemRequestParsed) =>
      id === null
        ? apiFetch<InventoryItemDto>('/api/inventory/items', { method: 'POST', json: body })
        : apiFetch<InventoryItemDto>(`/api/inventory/items/${encodeURIComponent(id)}`, { method: 'PUT', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: INVENTORY_KEY }),
  });
}

export function useRecordMovement(itemId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MovementRequestParsed) =>
      apiFetch<MovementResponse>(`/api/inventory/items/${encodeURIComponent(itemId)}/movements`, { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: INVENTORY_KEY }),
  });
}


export function useReverseMovement(itemId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { movementId: string } & ReverseRequest) =>
      apiFetch<ReverseResponse>(`/api/inventory/items/${encodeURIComponent(itemId)}/movements/${encodeURIComponent(v.movementId)}/reverse`, { method: 'POST', json: { reason: v.reason ?? '' } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: INVENTORY_KEY }),
  });
}

export interface ItemFilters {
  q: string;
  category: string | undefined;
  low: boolean;
  sort: string;
  dir: 'asc' | 'desc';
}

/** The list's filters for the screen's search (defaults filled in). */
export const itemFilters = (search: { tab?: string; q?: string; category?: string; low?: boolean; sort?: string; dir?: 'desc'; item?: string }): ItemFilters => ({ q: search.q ?? '', category: search.category, low: search.low ?? false, sort: search.sort ?? 'name', dir: search.dir ?? 'asc' });

const PAGE_SIZE = 25;

/** One page of the list for the filters, from `cursor`. */
export const itemListQuery = (filters: ItemFilters, cursor: string | null) => itemsQuery({ search: filters.q, category: filters.category, lowStock: filters.low, sort: filters.sort, dir: filters.dir, cursor, limit: PAGE_SIZE });

/** What the screen shows first for its search (the route loader starts it beside the code). */
export const prefetchItemScreen = (qc: QueryClient, search: Parameters<typeof itemFilters>[0]) =>
  Promise.all([search.tab === 'low-stock' ? qc.prefetchQuery(lowStockQuery) : null, qc.prefetchQuery(itemListQuery(itemFilters(search), null)), search.item ? qc.prefetchQuery(itemQuery(search.item)) : null]);
