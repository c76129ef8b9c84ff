import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BomDto, CameraPlanDto, CameraPlanSummaryDto } from '#contracts/camera-plans.ts';
import type { InventoryItemDto } from '#contracts/inventory.ts';
import { apiFetch, ApiRequestError } from '#lib/api.ts';

export const PLANS_KEY = ['camera-plans'] as const;

export const planListQuery = (clientId: string | undefined) =>
  queryOptions({
    queryKey: [...PLANS_KEY, 'list', clientId ?? ''],
    queryFn: async () => {
      const items: CameraPlanSummaryDto[] = [];
      let cursor: string | null = null;
      // Plans per business are few; the list loads in pages of 100 and filters on the client.
      do {
        const q = new URLSearchParams({ limit: '100' });
        if (clientId) q.set('clientId', clientId);
        if (cursor) q.set('cursor', cursor);
        const page: { items: CameraPlanSummaryDto[]; nextCursor: string | null } = await apiFetch(`/api/camera-plans?${q}`);
        items.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor && items.length < 1000);
      return items;
    },
  });

export const planQuery = (id: string) => queryOptions({ queryKey: [...PLANS_KEY, 'plan', id], queryFn: () => apiFetch<CameraPlanDto>(`/api/camera-plans/${encodeURIComponent(id)}`), staleTime: Infinity });

export const bomQuery = (id: string, version: number) =>
  queryOptions({ queryKey: [...PLANS_KEY, 'bom', id, version], queryFn: () => apiFetch<BomDto>(`/api/camera-plans/${encodeURIComponent(id)}/bom`) });

/** Camera models from the inventory; empty (custom lenses only) for users who cannot see it. */
export const cameraModelsQuery = queryOptions({
  queryKey: ['inventory', 'items', 'camera-models'],
  queryFn: async () => {
    try {
      const page = await apiFetch<{ items: InventoryItemDto[] }>('/api/inventory/items?category=camera&limit=100&sort=name');
      return page.items.filter((i) => i.camera !== null);
    } catch (e) {
      if (e instanceof ApiRequestError && e.status === 403) return [];
      throw e;
    }
  },
  staleTime: 60_000,
});

/** What /admin/camera-planner shows first: the plan list, or the open plan (the route loader starts it). */
export const prefetchPlannerScreen = (qc: QueryClient, search: { plan?: string }) => (search.plan ? qc.prefetchQuery(planQuery(search.plan)) : qc.prefetchQuery(planListQuery(undefined)));
