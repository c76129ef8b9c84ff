import { createFileRoute } from '@tanstack/react-router';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { InventoryManager, type InventorySearch, type InventorySearchPatch } from '../../features/inventory/InventoryManager.tsx';

const SORTS = ['sku', 'name', 'category', 'onHand', 'available', 'unitPriceCents', 'updatedAt'];
const CATEGORIES = ['panel', 'sensor', 'camera', 'nvr', 'cable', 'power', 'accessory', 'labour-free'];
const parseSearch = (s: Record<string, unknown>) =>
  parseWith<InventorySearch>(s, { tab: ['low-stock'], q: 100, category: CATEGORIES, low: 'flag', sort: SORTS, dir: ['desc'], item: 100 });

export const Route = createFileRoute('/admin/inventory')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('../../features/inventory/queries.ts').then((q) => q.prefetchItemScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InventoryManager search={search} onSearch={(next: InventorySearchPatch) => void navigate({ search: (prev: InventorySearch) => ({ ...prev, ...next }), replace: true })} />;
}
