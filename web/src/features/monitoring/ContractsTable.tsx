import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { CONTRACT_STATUSES, CYCLE_LABELS, STATUS_LABELS } from '../../../../src/contracts/monitoring.ts';
import { formatCents } from '../inventory/queries.ts';
import { inputClass, secondaryButtonClass } from '../inventory/StockBadge.tsx';
import { contractsQuery, formatDate } from './queries.ts';
import { StatusBadge } from './StatusBadge.tsx';

export interface ContractFilters {
  q: string;
  status: string | undefined;
  sort: string;
  dir: 'asc' | 'desc';
}

const COLUMNS: { id: string; label: string; sortable: boolean; className?: string }[] = [
  { id: 'clientName', label: 'Client / site', sortable: true },
  { id: 'plan', label: 'Plan', sortable: true },
  { id: 'monthlyFeeCents', label: 'Monthly fee', sortable: true, className: 'text-right' },
  { id: 'billingCycle', label: 'Cycle', sortable: false },
  { id: 'startDate', label: 'Start', sortable: true },
  { id: 'status', label: 'Status', sortable: true },
];
const PAGE_SIZE = 25;

/** The server searches, filters, sorts and pages (cursor); this keeps a stack of cursors for Previous. */
export function ContractsTable(props: { filters: ContractFilters; onFilters: (f: Partial<ContractFilters>) => void; onOpen: (id: string) => void }) {
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
  const list = useQuery(contractsQuery({ search: filters.q, status: filters.status, sort: filters.sort, dir: filters.dir, cursor: cursors[page] ?? null, limit: PAGE_SIZE }));
  const sortBy = (id: string) => props.onFilters({ sort: id, dir: filters.sort === id && filters.dir === 'asc' ? 'desc' : 'asc' });

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
          <input className={inputClass} type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Client, site, plan, account" />
        </label>
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
        <label className="flex flex-col text-sm">
          <span className="font-medium">Status</span>
          <select className={inputClass} value={filters.status ?? ''} onChange={(e) => props.onFilters({ status: e.target.value || undefined })}>
            <option value="">All statuses</option>
            {CONTRACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </form>

      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Monitoring contracts" aria-busy={list.isFetching}>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              {COLUMNS.map((c) => {
                const sorted = filters.sort === c.id ? filters.dir : null;
                return (
                  <th
                    key={c.id}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${c.className ?? 'text-left'}`}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {c.sortable ? (
                      <button type="button" className="inline-flex items-center gap-1" onClick={() => sortBy(c.id)}>
                        {c.label}
                        {sorted === 'asc' ? (
                          <ArrowUp aria-hidden className="h-3 w-3" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden className="h-3 w-3" />
                        ) : (
                          <ArrowUpDown aria-hidden className="h-3 w-3 opacity-40" />
                        )}
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
                  Loading contracts…
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
                  {filters.q || filters.status ? 'No contracts match these filters.' : 'No monitoring contracts yet.'}
                </td>
              </tr>
            ) : (
              list.data.items.map((c) => (
                <tr
                  key={c.id}
                  className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-900"
                  onClick={() => props.onOpen(c.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') props.onOpen(c.id);
                  }}
                  tabIndex={0}
                  data-contract={c.id}
                >
                  <td className="px-3 py-2">
                    <span className="font-medium">{c.clientName}</span>
                    <span className="block text-xs text-slate-500">{c.siteLabel}</span>
                  </td>
                  <td className="px-3 py-2">{c.plan}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCents(c.monthlyFeeCents)}</td>
                  <td className="px-3 py-2">{CYCLE_LABELS[c.billingCycle]}</td>
                  <td className="px-3 py-2">{formatDate(c.startDate)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={c.status} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="mt-3 flex items-center justify-between text-sm" aria-label="Pages">
        <span>
          Page {page + 1}
          {list.data ? ` · ${list.data.total} contract${list.data.total === 1 ? '' : 's'}` : ''}
        </span>
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
