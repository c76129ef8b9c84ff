import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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
import { INVENTORY_KEY } from '#lib/queries/inventory.ts';

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
