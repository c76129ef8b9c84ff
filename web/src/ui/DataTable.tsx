import { useMemo, useState, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Button } from './Button.tsx';
import { stacked, stackedCell } from './stacked-table.ts';

export type SortDir = 'asc' | 'desc';
export interface SortState {
  sort: string;
  dir: SortDir;
}

export interface Column<T> {
  id: string;
  label: string;
  /** Renders the cell. */
  cell: (row: T) => ReactNode;
  /** The header is a button that sorts by `id` (the server sorts). */
  sortable?: boolean;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
  /** The first click sorts descending (e.g. quantities: largest first). */
  descFirst?: boolean;
  /** More classes for the cells. */
  className?: string;
  /** More classes for the header cell (e.g. hidden on phones like its cells). */
  headerClassName?: string;
  /** The header is read by screen readers only (e.g. an actions column). */
  labelHidden?: boolean;
  /** On a phone the cell shows without its label, across the card (default for the first column and labelHidden ones). */
  bare?: boolean;
}

/** What the table needs of a list query (a `useQuery` result fits). */
export interface ListState<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data: { items: readonly T[] } | undefined;
}

/** A list already in hand (a report's rows, a record's lines) as the table's `list`. */
export const staticList = <T,>(items: readonly T[], isFetching = false): ListState<T> => ({ isPending: false, isError: false, isFetching, error: null, data: { items } });

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  list: ListState<T>;
  loadingText: string;
  emptyText: string;
  /** Shown in place of `emptyText` (e.g. an EmptyState that says what to do next). */
  empty?: ReactNode;
  /** Under the table, e.g. a `CursorPager`. */
  footer?: ReactNode;
  /** data-* attributes of a row (for tests and styling). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** A row opens (by its id) on click or Enter; without it rows are plain (actions in cells). */
  onOpen?: (id: string) => void;
  /** The current order (e.g. the list's filters); with `onSort`, sortable headers are buttons. */
  sort?: SortState;
  onSort?: (next: SortState) => void;
}

export interface CursorPages {
  /** 0-based page number. */
  page: number;
  /** The cursor that fetches the current page (null: the first page). */
  cursor: string | null;
  previous: () => void;
  next: (nextCursor: string | null) => void;
}

/**
 * Cursor paging for a list the server pages: a stack of cursors (index i fetches page i), so
 * Previous needs no cursor from the server. Back to the first page whenever `filters` change.
 */
export function useCursorPages(filters: unknown): CursorPages {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const key = JSON.stringify(filters);
  const [filterKey, setFilterKey] = useState(key);
  if (key !== filterKey) {
    setFilterKey(key);
    setCursors([null]);
  }
  const page = cursors.length - 1;
  return {
    page,
    cursor: cursors[page] ?? null,
    previous: () => setCursors((c) => c.slice(0, -1)),
    next: (nextCursor) => setCursors((c) => [...c, nextCursor]),
  };
}

/** "Page n" with Previous / Next under a list; `summary` follows the page number (e.g. " · 3 contracts"). */
export function CursorPager(props: { pages: CursorPages; nextCursor: string | null | undefined; summary?: ReactNode }) {
  const { pages, nextCursor } = props;
  return (
    <nav className="mt-3 flex items-center justify-between text-sm" aria-label="Pages">
      <span>
        Page {pages.page + 1}
        {props.summary}
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" disabled={pages.page === 0} onClick={pages.previous}>
          Previous
        </Button>
        <Button variant="secondary" disabled={!nextCursor} onClick={() => pages.next(nextCursor ?? null)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

const stateCell = 'px-3 py-8 text-center';


function SortIcon(props: { dir: SortDir | null }) {
  if (props.dir === 'asc') return <ArrowUp aria-hidden className="h-3 w-3" />;
  if (props.dir === 'desc') return <ArrowDown aria-hidden className="h-3 w-3" />;
  return <ArrowUpDown aria-hidden className="h-3 w-3 opacity-40" />;
}

/**
 * The SPA's one list table, on TanStack Table: sortable headers (aria-sort), a loading, error or
 * empty row, and rows that open on click or Enter. The server filters, sorts and pages
 * (manual sorting), so the table only renders what the list query answered.
 */
export function DataTable<T extends { id: string }>(props: DataTableProps<T>) {
  const { columns, list, sort, onSort } = props;
  const defs = useMemo(
    () => columns.map((c): ColumnDef<T> => ({ id: c.id, header: c.label, cell: (ctx) => c.cell(ctx.row.original), meta: c })),
    [columns],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions each render by design
  const table = useReactTable({
    data: (list.data?.items ?? []) as T[],
    columns: defs,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { sorting: sort ? [{ id: sort.sort, desc: sort.dir === 'desc' }] : [] },
  });
  const sortBy = (c: Column<T>) => {
    const dir: SortDir = sort?.sort === c.id ? (sort.dir === 'asc' ? 'desc' : 'asc') : c.descFirst ? 'desc' : 'asc';
    onSort?.({ sort: c.id, dir });
  };
  const rows = table.getRowModel().rows;
  const sortBar = Boolean(onSort) && columns.some((c) => c.sortable);
  const message = (text: ReactNode, tone: string, role?: 'status' | 'alert') => (
    <tr className="max-sm:block">
      <td colSpan={columns.length} className={`${stateCell} ${tone} max-sm:block`} role={role}>
        {text}
      </td>
    </tr>
  );

  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className={`${stacked.table} divide-y divide-slate-200 dark:divide-slate-800`} aria-label={props.label} aria-busy={list.isFetching}>
          <thead className={`${sortBar ? stacked.sortHead : stacked.head} bg-slate-50 dark:bg-slate-900`}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className={sortBar ? stacked.sortHeadRow : undefined}>
                {group.headers.map((h) => {
                  const c = h.column.columnDef.meta as Column<T>;
                  const sorted = h.column.getIsSorted() || null;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className={`px-3 py-2 font-semibold ${c.numeric ? 'text-right' : 'text-left'} ${sortBar ? (c.sortable ? stacked.sortableTh : stacked.plainTh) : ''} ${c.headerClassName ?? ''}`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {c.sortable && onSort ? (
                        <button type="button" className="inline-flex items-center gap-1 whitespace-nowrap" onClick={() => sortBy(c)}>
                          {c.label}
                          <SortIcon dir={sorted} />
                        </button>
                      ) : c.labelHidden ? (
                        <span className="sr-only">{c.label}</span>
                      ) : (
                        c.label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={`${stacked.body} divide-y divide-slate-100 dark:divide-slate-800`}>
            {list.isPending
              ? message(props.loadingText, 'text-slate-500', 'status')
              : list.isError
                ? message(list.error?.message, 'text-red-700', 'alert')
                : rows.length === 0
                  ? message(props.empty ?? props.emptyText, 'text-slate-500')
                  : rows.map((row) => (
                      <tr
                        key={row.id}
                        {...(props.onOpen
                          ? {
                              className: `${stacked.row} cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-900`,
                              onClick: () => props.onOpen?.(row.id),
                              onKeyDown: (e: { key: string }) => {
                                if (e.key === 'Enter') props.onOpen?.(row.id);
                              },
                              tabIndex: 0,
                            }
                          : { className: stacked.row })}
                        {...props.rowData?.(row.original)}
                      >
                        {row.getVisibleCells().map((cell, i) => {
                          const c = cell.column.columnDef.meta as Column<T>;
                          const bare = c.bare ?? (i === 0 || c.labelHidden);
                          return (
                            <td key={cell.id} {...stackedCell(bare ? undefined : c.label, ['px-3 py-2', c.numeric ? 'text-right tabular-nums whitespace-nowrap' : '', c.className ?? ''].filter(Boolean).join(' '))}>
                              {flexRender(cell.column.columnDef.cell, cell.getContext())}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
          </tbody>
        </table>
      </div>
      {props.footer}
    </>
  );
}
