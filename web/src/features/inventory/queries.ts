import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InventoryItemDto,
  ItemRequestParsed,
  ItemViewResponse,
  LowStockResponse,
  MovementRequestParsed,
  MovementResponse,
  SerialDto,
} from '#contracts/inventory.ts';
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

