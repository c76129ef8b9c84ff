import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '#ui/dates.ts';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { ARCHIVED_FILTER_VALUES, CLIENT_KIND_VALUES, CLIENT_SOURCE_VALUES, type ClientSummary } from '#contracts/clients.ts';
import { CLIENT_PAGE_SIZE, clientListQuery, type ClientListParams } from '#lib/queries/clients.ts';
import { inputClass } from '#ui/styles.ts';
import { Button } from '#ui/Button.tsx';
import { EmptyState } from '#ui/EmptyState.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { stacked, stackedCell } from '#ui/stacked-table.ts';

export type ClientFilters = Pick<ClientListParams, 'q' | 'kind' | 'tag' | 'source' | 'archived' | 'sort'>;

const column = createColumnHelper<ClientSummary>();
const SORTABLE: Record<string, 'name' | 'createdAt'> = { name: 'name', createdAt: 'createdAt' };

/**
 * The client list: server-side search, filters, sort and cursor paging (the server pages with
 * opaque cursors, so "Previous" walks back through the cursors already seen).
 */
export function ClientTable({ filters, onFilters }: { filters: ClientFilters; onFilters: (f: ClientFilters) => void }) {
  const [text, setText] = useState(filters.q ?? '');
  const [cursors, setCursors] = useState<string[]>([]);
  const [pageSize, setPageSize] = useState(CLIENT_PAGE_SIZE);

  // Debounce typing; a new search starts from the first page.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((filters.q ?? '') !== text.trim()) onFilters({ ...filters, q: text.trim() || undefined });
    }, 250);
    return () => clearTimeout(t);
  }, [text, filters, onFilters]);
  const filterKey = JSON.stringify([filters, pageSize]);
  const [seenKey, setSeenKey] = useState(filterKey);
  if (seenKey !== filterKey) {
    setSeenKey(filterKey);
    setCursors([]);
  }

  const cursor = cursors.at(-1);
  const { data, isPending, isFetching, error } = useQuery(clientListQuery({ ...filters, limit: pageSize, ...(cursor ? { cursor } : {}) }));
  const searching = !!filters.q;

  const sorting: SortingState = useMemo(() => {
    const s = filters.sort ?? 'name';
    return [{ id: s.replace('-', ''), desc: s.startsWith('-') }];
  }, [filters.sort]);

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Name',
        cell: (c) => (
          <Link to="/admin/clients/$clientId" params={{ clientId: c.row.original.id }} className="font-medium text-blue-700 hover:underline dark:text-blue-400">
            {c.getValue()}
            {c.row.original.company && <span className="block text-xs font-normal text-slate-500">{c.row.original.company}</span>}
          </Link>
        ),
      }),
      column.accessor('kind', { header: 'Kind', enableSorting: false, cell: (c) => <span className="capitalize">{c.getValue()}</span> }),
      column.accessor('email', { header: 'E-mail', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
      column.accessor('phone', { header: 'Phone', enableSorting: false, cell: (c) => <span className="whitespace-nowrap">{c.getValue() ?? '—'}</span> }),
      column.accessor('city', { header: 'City', enableSorting: false, cell: (c) => c.getValue() || '—' }),
      column.accessor('tags', {
        header: 'Tags',
        enableSorting: false,
        cell: (c) => (
          <span className="flex flex-wrap gap-1">
            {c.getValue().map((t) => (
              <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
                {t}
              </span>
            ))}
            {c.row.original.archived && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">archived</span>}
          </span>
        ),
      }),
      column.accessor('siteCount', { header: 'Sites', enableSorting: false }),
      column.accessor('createdAt', { header: 'Added', cell: (c) => formatDate(c.getValue()) }),
    ],
    [],
  );

  const table = useReactTable({
    data: data?.items ?? [],
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableSorting: !searching,
    getCoreRowModel: getCoreRowModel(),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      const key = first ? SORTABLE[first.id] : undefined;
      if (key) onFilters({ ...filters, sort: first!.desc ? `-${key}` : key });
    },
  });

  const select = (label: string, value: string | undefined, options: readonly string[], key: keyof ClientFilters, allLabel: string) => (
    <label className="text-sm">
      <span className="sr-only">{label}</span>
      <select aria-label={label} className={inputClass} value={value ?? ''} onChange={(e) => onFilters({ ...filters, [key]: e.target.value || undefined })}>
        {allLabel && <option value="">{allLabel}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o[0]!.toUpperCase() + o.slice(1)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label="Search clients"
          placeholder="Search name, phone, e-mail, address…"
          className={`${inputClass} min-w-64 flex-1`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {select('Kind', filters.kind, CLIENT_KIND_VALUES, 'kind', 'All kinds')}
        {select('Source', filters.source, CLIENT_SOURCE_VALUES, 'source', 'All sources')}
        {select('Status', filters.archived ?? 'active', ARCHIVED_FILTER_VALUES, 'archived', '')}
        <input
          aria-label="Tag"
          placeholder="Tag"
          className={`${inputClass} w-28`}
          defaultValue={filters.tag ?? ''}
          onBlur={(e) => onFilters({ ...filters, tag: e.target.value.trim().toLowerCase() || undefined })}
          onKeyDown={(e) => e.key === 'Enter' && onFilters({ ...filters, tag: e.currentTarget.value.trim().toLowerCase() || undefined })}
        />
      </div>
      {error && <ErrorNote>{error.message}</ErrorNote>}
      {searching && <p className="mb-2 text-xs text-slate-500">Best matches first.</p>}
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800" aria-busy={isFetching}>
        <table className={`${stacked.table} divide-y divide-slate-200 text-left dark:divide-slate-800`}>
          <thead className={`${stacked.sortHead} bg-slate-50 dark:bg-slate-900`}>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id} className={stacked.sortHeadRow}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  return (
                    <th key={h.id} scope="col" className={`px-3 py-2 font-semibold ${h.column.getCanSort() ? stacked.sortableTh : stacked.plainTh}`} aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}>
                      {h.column.getCanSort() ? (
                        <button type="button" className="inline-flex items-center gap-1" onClick={h.column.getToggleSortingHandler()}>
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          {sorted === 'asc' ? <ArrowUp size={14} /> : sorted === 'desc' ? <ArrowDown size={14} /> : <ArrowUpDown size={14} className="opacity-40" />}
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
          <tbody className={`${stacked.body} divide-y divide-slate-100 dark:divide-slate-800`}>
            {isPending
              ? Array.from({ length: 5 }, (_, i) => (
                  <tr key={i} aria-hidden className="max-sm:block">
                    <td colSpan={columns.length} className="px-3 py-3 max-sm:block">
                      <div className="h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                    </td>
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className={`${stacked.row} hover:bg-slate-50 dark:hover:bg-slate-900`}>
                    {row.getVisibleCells().map((cell, i) => (
                      <td key={cell.id} {...stackedCell(i === 0 ? undefined : String(cell.column.columnDef.header), 'px-3 py-2 align-top')}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
        {isPending && <p className="sr-only" role="status">Loading clients…</p>}
      </div>
      {!isPending && data?.items.length === 0 && (
        <div className="mt-4">
          <EmptyState title={filters.q || filters.kind || filters.tag || filters.source ? 'No clients match these filters.' : 'No clients yet.'}>
            {filters.q ? 'Try fewer words or part of a name, phone number or street.' : 'Add a client or import a CSV file.'}
          </EmptyState>
        </div>
      )}
      <div className="mt-3 flex items-center justify-between gap-2 text-sm">
        <label>
          Rows per page{' '}
          <select className={inputClass} value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))}>
            {[25, 50, 100].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
        <span className="text-slate-500">Page {cursors.length + 1}</span>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous
          </Button>
          <Button variant="secondary" disabled={!data?.nextCursor} onClick={() => data?.nextCursor && setCursors((c) => [...c, data.nextCursor!])}>
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
