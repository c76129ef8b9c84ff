import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { INVOICE_STATUSES, STATUS_LABELS } from '../../../../src/contracts/invoices.ts';
import { inputClass, secondaryButtonClass } from '../inventory/StockBadge.tsx';
import { formatCents, invoicesQuery } from './queries.ts';
import { StatusChip } from './StatusChip.tsx';

export interface InvoiceFilters {
  q: string;
  status: string | undefined;
  overdue: boolean;
  sort: string;
  dir: 'asc' | 'desc';
}

const COLUMNS: { id: string; label: string; sortable: boolean; num?: boolean }[] = [
  { id: 'number', label: 'Number', sortable: true },
  { id: 'clientName', label: 'Client', sortable: true },
  { id: 'issueDate', label: 'Issued', sortable: true },
  { id: 'dueDate', label: 'Due', sortable: true },
  { id: 'totalCents', label: 'Total', sortable: true, num: true },
  { id: 'balanceCents', label: 'Balance', sortable: true, num: true },
  { id: 'status', label: 'Status', sortable: false },
];
const PAGE_SIZE = 25;
const chip = (active: boolean) =>
  `rounded-full border px-3 py-1 text-sm ${active ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800'}`;

/** The invoice list: the server filters, searches, sorts and pages (cursor). */
export function InvoiceList(props: { filters: InvoiceFilters; onFilters: (f: Partial<InvoiceFilters>) => void; onOpen: (id: string) => void }) {
  const { filters } = props;
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [filterKey, setFilterKey] = useState(JSON.stringify(filters));
  const key = JSON.stringify(filters);
  if (key !== filterKey) {
    setFilterKey(key);
    setCursors([null]);
  }
  const page = cursors.length - 1;
  const [searchText, setSearchText] = useState(filters.q);
  const list = useQuery(invoicesQuery({ search: filters.q, status: filters.status, overdue: filters.overdue, sort: filters.sort, dir: filters.dir, cursor: cursors[page] ?? null, limit: PAGE_SIZE }));
  const sortBy = (id: string) => props.onFilters({ sort: id, dir: filters.sort === id && filters.dir === 'asc' ? 'desc' : 'asc' });

  return (
    <div>
      <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Status">
        <button type="button" className={chip(!filters.status && !filters.overdue)} aria-pressed={!filters.status && !filters.overdue} onClick={() => props.onFilters({ status: undefined, overdue: false })}>
          All
        </button>
        {INVOICE_STATUSES.map((s) => (
          <button key={s} type="button" className={chip(filters.status === s)} aria-pressed={filters.status === s} onClick={() => props.onFilters({ status: filters.status === s ? undefined : s })}>
            {STATUS_LABELS[s]}
          </button>
        ))}
        <button type="button" className={chip(filters.overdue)} aria-pressed={filters.overdue} onClick={() => props.onFilters({ overdue: !filters.overdue })}>
          Overdue
        </button>
      </div>
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
          <input className={inputClass} type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Number, client, title" />
        </label>
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
      </form>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Invoices" aria-busy={list.isFetching}>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              {COLUMNS.map((c) => {
                const sorted = filters.sort === c.id ? filters.dir : null;
                return (
                  <th key={c.id} scope="col" className={`px-3 py-2 font-semibold ${c.num ? 'text-right' : 'text-left'}`} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    {c.sortable ? (
                      <button type="button" className="inline-flex items-center gap-1" onClick={() => sortBy(c.id)}>
                        {c.label}
                        {sorted === 'asc' ? <ArrowUp aria-hidden className="h-3 w-3" /> : sorted === 'desc' ? <ArrowDown aria-hidden className="h-3 w-3" /> : <ArrowUpDown aria-hidden className="h-3 w-3 opacity-40" />}
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {list.isPending ? (
              <tr>
                <td colSpan={COLUMNS.length} className="px-3 py-8 text-center text-slate-500" role="status">
                  Loading invoices…
                </td>
              </tr>
            ) : list.isError ? (
              <tr>
                <td colSpan={COLUMNS.length} className="px-3 py-8 text-center text-red-700" role="alert">
                  {list.error.message}
                </td>
              </tr>
            ) : list.data.items.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="px-3 py-8 text-center text-slate-500">
                  {filters.q || filters.status || filters.overdue ? 'No invoices match these filters.' : 'No invoices yet. Create the first one.'}
                </td>
              </tr>
            ) : (
              list.data.items.map((inv) => (
                <tr
                  key={inv.id}
                  className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-900"
                  onClick={() => props.onOpen(inv.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') props.onOpen(inv.id);
                  }}
                  tabIndex={0}
                  data-number={inv.number}
                >
                  <td className="px-3 py-2 font-mono text-xs">{inv.number}</td>
                  <td className="px-3 py-2">{inv.clientName}</td>
                  <td className="px-3 py-2">{inv.issueDate}</td>
                  <td className="px-3 py-2">{inv.kind === 'invoice' ? inv.dueDate : '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCents(inv.totalCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{inv.kind === 'invoice' ? formatCents(inv.balanceCents) : '—'}</td>
                  <td className="px-3 py-2">
                    <StatusChip status={inv.status} overdue={inv.overdue} daysOverdue={inv.daysOverdue} kind={inv.kind} />
                  </td>
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
          <button type="button" className={secondaryButtonClass} disabled={!list.data?.nextCursor} onClick={() => setCursors((c) => [...c, list.data?.nextCursor ?? null])}>
            Next
          </button>
        </span>
      </nav>
    </div>
  );
}
