import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { CATEGORY_LABELS, ITEM_CATEGORIES, type InventoryItemDto } from '../../../../src/contracts/inventory.ts';
import { itemsQuery } from './queries.ts';
import { formatCents } from './queries.ts';
import { LowStockBadge, inputClass, secondaryButtonClass } from './StockBadge.tsx';

export interface ItemFilters {
  q: string;
  category: string | undefined;
  low: boolean;
  sort: string;
  dir: 'asc' | 'desc';
}

const col = createColumnHelper<InventoryItemDto>();
const num = 'text-right tabular-nums';
// Accessor columns of different value types share one array; the table only needs the row type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const columns: ColumnDef<InventoryItemDto, any>[] = [
  col.accessor('sku', { header: 'SKU', cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span> }),
  col.accessor('name', {
    header: 'Name',
    cell: (c) => (
      <span>
        {c.getValue()}
        {c.row.original.lowStock && <LowStockBadge />}
      </span>
    ),
  }),
  col.accessor('category', { header: 'Category', cell: (c) => CATEGORY_LABELS[c.getValue() as InventoryItemDto['category']] }),
  col.accessor('onHand', { header: 'On hand', meta: { className: num } }),
  col.accessor('reserved', { header: 'Reserved', enableSorting: false, meta: { className: num } }),
  col.accessor('available', { header: 'Available', meta: { className: num } }),
  col.accessor('unitPriceCents', { header: 'Unit price', cell: (c) => formatCents(c.getValue()), meta: { className: num } }),
];
const NO_ROWS: InventoryItemDto[] = [];
const PAGE_SIZE = 25;

/**
 * The items list: the server searches, filters, sorts and pages (cursor), so it stays fast
 * however large the catalogue; the table owns the markup and the sort state.
 */
export function ItemsTable(props: { filters: ItemFilters; onFilters: (f: Partial<ItemFilters>) => void; onOpen: (id: string) => void }) {
  const { filters } = props;
  // A stack of cursors: index i holds the cursor that fetches page i.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [filterKey, setFilterKey] = useState(JSON.stringify(filters));
  const key = JSON.stringify(filters);
  if (key !== filterKey) {
    setFilterKey(key);
    setCursors([null]);
  }
  const page = cursors.length - 1;
  const [searchText, setSearchText] = useState(filters.q);
  const list = useQuery(
    itemsQuery({ search: filters.q, category: filters.category, lowStock: filters.low, sort: filters.sort, dir: filters.dir, cursor: cursors[page] ?? null, limit: PAGE_SIZE }),
  );
  const sorting: SortingState = useMemo(() => [{ id: filters.sort, desc: filters.dir === 'desc' }], [filters.sort, filters.dir]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions each render by design
  const table = useReactTable({
    columns,
    getCoreRowModel: getCoreRowModel(),
    data: list.data?.items ?? NO_ROWS,
    getRowId: (r) => r.id,
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const s = next[0];
      if (s) props.onFilters({ sort: s.id, dir: s.desc ? 'desc' : 'asc' });
    },
  });

  return (
    <div>
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          props.onFilters({ q: searchText.trim() });
        }}
      >
        <label className="flex flex-col text-sm">
          <span className="font-medium">Search</span>
          <input className={inputClass} type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="SKU, name, supplier" />
        </label>
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
        <label className="flex flex-col text-sm">
          <span className="font-medium">Category</span>
          <select className={inputClass} value={filters.category ?? ''} onChange={(e) => props.onFilters({ category: e.target.value || undefined })}>
            <option value="">All categories</option>
            {ITEM_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={filters.low} onChange={(e) => props.onFilters({ low: e.target.checked })} />
          Low stock only
        </label>
      </form>

      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Inventory items" aria-busy={list.isFetching}>
          <thead className="bg-slate-50 dark:bg-slate-900">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const canSort = h.column.getCanSort();
                  const className = (h.column.columnDef.meta as { className?: string } | undefined)?.className ?? 'text-left';
                  return (
                    <th key={h.id} scope="col" className={`px-3 py-2 font-semibold ${className}`} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {canSort ? (
                        <button type="button" className="inline-flex items-center gap-1" onClick={h.column.getToggleSortingHandler()}>
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          {sorted === 'asc' ? <ArrowUp aria-hidden className="h-3 w-3" /> : sorted === 'desc' ? <ArrowDown aria-hidden className="h-3 w-3" /> : <ArrowUpDown aria-hidden className="h-3 w-3 opacity-40" />}
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {list.isPending ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-500" role="status">
                  Loading items…
                </td>
              </tr>
            ) : list.isError ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-red-700" role="alert">
                  {list.error.message}
                </td>
              </tr>
            ) : table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-500">
                  {filters.q || filters.category || filters.low ? 'No items match these filters.' : 'No items yet. Add the first one.'}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-900"
                  onClick={() => props.onOpen(row.original.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') props.onOpen(row.original.id);
                  }}
                  tabIndex={0}
                  data-sku={row.original.sku}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={`px-3 py-2 ${(cell.column.columnDef.meta as { className?: string } | undefined)?.className ?? ''}`}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="mt-3 flex items-center justify-between text-sm" aria-label="Pages">
        <span>Page {page + 1}</span>
        <span className="flex gap-2">
          <button type="button" className={secondaryButtonClass} disabled={page === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!list.data?.nextCursor}
            onClick={() => setCursors((c) => [...c, list.data?.nextCursor ?? null])}
          >
            Next
          </button>
        </span>
      </nav>
    </div>
  );
}
