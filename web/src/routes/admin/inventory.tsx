import { createFileRoute } from '@tanstack/react-router';
import { InventoryManager, type InventorySearch, type SearchPatch } from '../../features/inventory/InventoryManager.tsx';

const SORTS = ['sku', 'name', 'category', 'onHand', 'available', 'unitPriceCents', 'updatedAt'];
const CATEGORIES = ['panel', 'sensor', 'camera', 'nvr', 'cable', 'power', 'accessory', 'labour-free'];
const str = (v: unknown, max = 100) => (typeof v === 'string' && v.length <= max ? v : undefined);

// A plain parser keeps zod out of the entry bundle (route definitions are not code-split).
function parseSearch(s: Record<string, unknown>): InventorySearch {
  const out: InventorySearch = {};
  if (s['tab'] === 'low-stock') out.tab = 'low-stock';
  const q = str(s['q']);
  if (q) out.q = q;
  const category = str(s['category']);
  if (category && CATEGORIES.includes(category)) out.category = category;
  if (s['low'] === true || s['low'] === 'true') out.low = true;
  const sort = str(s['sort']);
  if (sort && SORTS.includes(sort)) out.sort = sort;
  if (s['dir'] === 'desc') out.dir = 'desc';
  const item = str(s['item']);
  if (item) out.item = item;
  return out;
}

export const Route = createFileRoute('/admin/inventory')({
  validateSearch: parseSearch,
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <InventoryManager search={search} onSearch={(next: SearchPatch) => void navigate({ search: (prev: InventorySearch) => ({ ...prev, ...next }), replace: true })} />;
}
