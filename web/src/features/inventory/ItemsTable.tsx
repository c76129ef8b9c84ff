import { useQuery } from '@tanstack/react-query';
import { CATEGORY_LABELS, ITEM_CATEGORIES, type InventoryItemDto } from '#contracts/inventory.ts';
import { CursorPager, useCursorPages } from '#ui/DataTable.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { FilterSelect, SearchForm } from '#ui/SearchForm.tsx';
import { itemListQuery, type ItemFilters } from './queries.ts';
import { LowStockBadge } from './StockBadge.tsx';
import { formatCents, useMoneySettings } from '#ui/money.ts';

// Quantities and prices sort largest first on the first click.
const COLUMNS: Column<InventoryItemDto>[] = [
  { id: 'sku', label: 'SKU', sortable: true, cell: (i) => <span className="font-mono text-xs">{i.sku}</span> },
  {
    id: 'name',
    label: 'Name',
    sortable: true,
    cell: (i) => (
      <span>
        {i.name}
        {i.lowStock && <LowStockBadge />}
      </span>
    ),
  },
  { id: 'category', label: 'Category', sortable: true, cell: (i) => CATEGORY_LABELS[i.category] },
  { id: 'onHand', label: 'On hand', sortable: true, numeric: true, descFirst: true, cell: (i) => i.onHand },
  { id: 'reserved', label: 'Reserved', numeric: true, cell: (i) => i.reserved },
  { id: 'available', label: 'Available', sortable: true, numeric: true, descFirst: true, cell: (i) => i.available },
  { id: 'unitPriceCents', label: 'Unit price', sortable: true, numeric: true, descFirst: true, cell: (i) => formatCents(i.unitPriceCents) },
];

/**
 * The items list: the server searches, filters, sorts and pages (cursor), so it stays fast
 * however large the catalogue.
 */
export function ItemsTable(props: { filters: ItemFilters; onFilters: (f: Partial<ItemFilters>) => void; onOpen: (id: string) => void }) {
  useMoneySettings();
  const { filters } = props;
  const pages = useCursorPages(filters);
  const list = useQuery(
    itemListQuery(filters, pages.cursor),
  );

  return (
    <div>
      <SearchForm query={filters.q} placeholder="SKU, name, supplier" onSearch={(q) => props.onFilters({ q })}>
        <FilterSelect label="Category" value={filters.category ?? ''} allLabel="All categories" options={ITEM_CATEGORIES} labels={CATEGORY_LABELS} onChange={(v) => props.onFilters({ category: v || undefined })} />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={filters.low} onChange={(e) => props.onFilters({ low: e.target.checked })} />
          Low stock only
        </label>
      </SearchForm>
      <DataTable
        label="Inventory items" columns={COLUMNS} list={list} rowData={(i) => ({ 'data-sku': i.sku })} onOpen={props.onOpen} sort={filters} onSort={props.onFilters}
        loadingText="Loading items…"
        emptyText={filters.q || filters.category || filters.low ? 'No items match these filters.' : 'No items yet. Add the first one.'}
      />
      <CursorPager pages={pages} nextCursor={list.data?.nextCursor} />
    </div>
  );
}
