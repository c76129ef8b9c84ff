import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ItemListResponse } from '#contracts/inventory.ts';
import { apiFetch } from '../api.ts';

export interface ItemListParams {
  search: string;
  category: string | undefined;
  lowStock: boolean;
  sort: string;
  dir: 'asc' | 'desc';
  cursor: string | null;
  limit: number;
}

export const INVENTORY_KEY = ['inventory'] as const;

export const itemsQuery = (p: ItemListParams) =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'items', p],
    queryFn: () => {
      const q = new URLSearchParams({ search: p.search, sort: p.sort, dir: p.dir, limit: String(p.limit) });
      if (p.category) q.set('category', p.category);
      if (p.lowStock) q.set('lowStock', 'true');
      if (p.cursor) q.set('cursor', p.cursor);
      return apiFetch<ItemListResponse>(`/api/inventory/items?${q.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
