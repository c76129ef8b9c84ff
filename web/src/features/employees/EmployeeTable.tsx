import { formatDate } from '#ui/dates.ts';
import { useMemo } from 'react';
import { flexRender, getCoreRowModel, useReactTable, createColumnHelper, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { EmployeeDto } from '#contracts/employees.ts';
import { STATUS_LABELS } from './labels.ts';
import { stacked, stackedCell } from '#ui/stacked-table.ts';

const col = createColumnHelper<EmployeeDto>();

/** Column id → the API's sort key (without the '-' for descending). */
const SORT_KEYS: Record<string, string> = { name: 'name', email: 'email', employmentStatus: 'status', updatedAt: 'updated' };

export const sortingFromParam = (sort: string): SortingState => {
  const key = sort.replace(/^-/, '');
  const id = Object.keys(SORT_KEYS).find((k) => SORT_KEYS[k] === key);
  return id ? [{ id, desc: sort.startsWith('-') }] : [];
};
export const paramFromSorting = (s: SortingState): string => {
  const first = s[0];
  return first ? `${first.desc ? '-' : ''}${SORT_KEYS[first.id] ?? 'name'}` : 'name';
};

const statusClass: Record<string, string> = {
  active: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  'on-leave': 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  inactive: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/**
 * The staff list. Sorting and paging happen on the server (the table only holds their state);
 * each name is a button that opens the record, so the list works from the keyboard.
 */
export function EmployeeTable(props: {
  rows: EmployeeDto[];
  loading: boolean;
  sort: string;
  onSortChange: (sort: string) => void;
  selectedId: string | null;
  onOpen: (id: string) => void;
  emptyText: string;
}) {
  const { onOpen } = props;
  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Name',
        cell: (c) => (
          <button
            type="button"
            onClick={() => onOpen(c.row.original.id)}
            className="text-left font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
          >
            {c.getValue()}
          </button>
        ),
      }),
      col.accessor('email', { header: 'E-mail' }),
      col.accessor('title', { header: 'Title', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
      col.accessor('employmentStatus', {
        header: 'Status',
        cell: (c) => <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClass[c.getValue()]}`}>{STATUS_LABELS[c.getValue()]}</span>,
      }),
      col.accessor('updatedAt', { header: 'Updated', cell: (c) => <time className="whitespace-nowrap" dateTime={c.getValue()}>{formatDate(c.getValue())}</time> }),
    ],
    [onOpen],
  );
  const sorting = sortingFromParam(props.sort);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions each render by design
  const table = useReactTable({
    data: props.rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => props.onSortChange(paramFromSorting(typeof updater === 'function' ? updater(sorting) : updater)),
  });

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className={`${stacked.table} text-left`} aria-busy={props.loading}>
        <caption className="sr-only">Employees</caption>
        <thead className={`${stacked.sortHead} bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300`}>
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id} className={stacked.sortHeadRow}>
              {hg.headers.map((h) => {
                const dir = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${h.column.getCanSort() ? stacked.sortableTh : stacked.plainTh}`}
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                  >
                    {h.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={h.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-blue-600"
                      >
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        {dir === 'asc' ? <ArrowUp aria-hidden className="h-3.5 w-3.5" /> : dir === 'desc' ? <ArrowDown aria-hidden className="h-3.5 w-3.5" /> : <ArrowUpDown aria-hidden className="h-3.5 w-3.5 opacity-40" />}
                        <span className="sr-only">{dir ? `, sorted ${dir === 'asc' ? 'ascending' : 'descending'}` : ', sort'}</span>
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
        <tbody className={`${stacked.body} divide-y divide-slate-200 dark:divide-slate-800`}>
          {props.rows.length === 0 && (
            <tr className="max-sm:block">
              <td colSpan={columns.length} className="max-sm:block px-3 py-8 text-center text-slate-600 dark:text-slate-400" role={props.loading ? 'status' : undefined}>
                {props.loading ? 'Loading employees…' : props.emptyText}
              </td>
            </tr>
          )}
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} aria-selected={row.original.id === props.selectedId} className={`${stacked.row} aria-selected:bg-blue-50 dark:aria-selected:bg-blue-950`}>
              {row.getVisibleCells().map((cell, i) => (
                <td key={cell.id} {...stackedCell(i === 0 ? undefined : String(cell.column.columnDef.header), 'px-3 py-2 text-slate-800 dark:text-slate-200')}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
