import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

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
}

/** What the table needs of a list query (a `useQuery` result fits). */
export interface ListState<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data: { items: readonly T[] } | undefined;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  list: ListState<T>;
  loadingText: string;
  emptyText: string;
  /** data-* attributes of a row (for tests and styling). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** A row opens (by its id) on click or Enter; without it rows are plain (actions in cells). */
  onOpen?: (id: string) => void;
  /** The current order (e.g. the list's filters); with `onSort`, sortable headers are buttons. */
  sort?: SortState;
  onSort?: (next: SortState) => void;
}

const stateCell = 'px-3 py-8 text-center';

function SortIcon(props: { dir: SortDir | null }) {
  if (props.dir === 'asc') return <ArrowUp aria-hidden className="h-3 w-3" />;
  if (props.dir === 'desc') return <ArrowDown aria-hidden className="h-3 w-3" />;
  return <ArrowUpDown aria-hidden className="h-3 w-3 opacity-40" />;
}

/**
 * A back-office list table: sortable headers (aria-sort), a loading, error or empty row, and
 * rows that open on click or Enter. The server filters, sorts and pages.
 */
export function DataTable<T extends { id: string }>(props: DataTableProps<T>) {
  const { columns, list, sort, onSort } = props;
  const items = list.data?.items ?? [];
  const sortBy = (c: Column<T>) => {
    const dir: SortDir = sort?.sort === c.id ? (sort.dir === 'asc' ? 'desc' : 'asc') : c.descFirst ? 'desc' : 'asc';
    onSort?.({ sort: c.id, dir });
  };
  const message = (text: ReactNode, tone: string, role?: 'status' | 'alert') => (
    <tr>
      <td colSpan={columns.length} className={`${stateCell} ${tone}`} role={role}>
        {text}
      </td>
    </tr>
  );

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label={props.label} aria-busy={list.isFetching}>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            {columns.map((c) => {
              const sorted = sort?.sort === c.id ? sort.dir : null;
              return (
                <th
                  key={c.id}
                  scope="col"
                  className={`px-3 py-2 font-semibold ${c.numeric ? 'text-right' : 'text-left'} ${c.headerClassName ?? ''}`}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {c.sortable && onSort ? (
                    <button type="button" className="inline-flex items-center gap-1" onClick={() => sortBy(c)}>
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
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {list.isPending
            ? message(props.loadingText, 'text-slate-500', 'status')
            : list.isError
              ? message(list.error?.message, 'text-red-700', 'alert')
              : items.length === 0
                ? message(props.emptyText, 'text-slate-500')
                : items.map((row) => (
                    <tr
                      key={row.id}
                      {...(props.onOpen
                        ? {
                            className: 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-900',
                            onClick: () => props.onOpen?.(row.id),
                            onKeyDown: (e: { key: string }) => {
                              if (e.key === 'Enter') props.onOpen?.(row.id);
                            },
                            tabIndex: 0,
                          }
                        : {})}
                      {...props.rowData?.(row)}
                    >
                      {columns.map((c) => (
                        <td key={c.id} className={['px-3 py-2', c.numeric ? 'text-right tabular-nums' : '', c.className ?? ''].filter(Boolean).join(' ')}>
                          {c.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
        </tbody>
      </table>
    </div>
  );
}
