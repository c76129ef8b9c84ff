import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PROPOSAL_STATUSES, STATUS_LABELS } from '../../../../src/contracts/proposals.ts';
import { inputClass, secondaryButtonClass } from '../inventory/StockBadge.tsx';
import { formatCents, proposalsQuery } from './queries.ts';
import { StatusChip } from './StatusChip.tsx';

export interface ProposalFilters {
  status: string | undefined;
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
}

const SORT_LABELS: Record<string, string> = { createdAt: 'Created', number: 'Number', validUntil: 'Valid until', updatedAt: 'Last change' };
const PAGE_SIZE = 25;
const chipClass = (active: boolean) =>
  `rounded-full border px-3 py-1 text-sm ${active ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800'}`;

/** Proposals the server filters, searches, sorts and pages (cursor stack, like the inventory list). */
export function ProposalList(props: { filters: ProposalFilters; onFilters: (f: Partial<ProposalFilters>) => void; onOpen: (id: string) => void }) {
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
  const list = useQuery(proposalsQuery({ status: filters.status, search: filters.q, sort: filters.sort, dir: filters.dir, cursor: cursors[page] ?? null, limit: PAGE_SIZE }));

  return (
    <div>
      <div role="group" aria-label="Filter by status" className="mb-3 flex flex-wrap gap-2">
        <button type="button" aria-pressed={!filters.status} className={chipClass(!filters.status)} onClick={() => props.onFilters({ status: undefined })}>
          All
        </button>
        {PROPOSAL_STATUSES.map((s) => (
          <button key={s} type="button" aria-pressed={filters.status === s} className={chipClass(filters.status === s)} onClick={() => props.onFilters({ status: s })}>
            {STATUS_LABELS[s]}
          </button>
        ))}
      </div>
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          props.onFilters({ q: searchText.trim() });
        }}
      >
        <label className="flex flex-col text-sm">
          <span className="font-medium">Search</span>
          <input className={inputClass} type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Number, title or client" />
        </label>
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
        <label className="flex flex-col text-sm">
          <span className="font-medium">Sort by</span>
          <select className={inputClass} value={filters.sort} onChange={(e) => props.onFilters({ sort: e.target.value })}>
            {Object.entries(SORT_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="font-medium">Order</span>
          <select className={inputClass} value={filters.dir} onChange={(e) => props.onFilters({ dir: e.target.value === 'asc' ? 'asc' : 'desc' })}>
            <option value="desc">Newest / highest first</option>
            <option value="asc">Oldest / lowest first</option>
          </select>
        </label>
      </form>

      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Proposals" aria-busy={list.isFetching}>
          <thead className="bg-slate-50 text-left dark:bg-slate-900">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Number</th>
              <th scope="col" className="px-3 py-2 font-semibold">Client</th>
              <th scope="col" className="px-3 py-2 font-semibold">Title</th>
              <th scope="col" className="px-3 py-2 font-semibold">Status</th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">Options</th>
              <th scope="col" className="px-3 py-2 font-semibold">Valid until</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {list.isPending ? (
              <tr>
                <td colSpan={6} className="px-3 py-8 text-center text-slate-500" role="status">
                  Loading proposals…
                </td>
              </tr>
            ) : list.isError ? (
              <tr>
                <td colSpan={6} className="px-3 py-8 text-center text-red-700" role="alert">
                  {list.error.message}
                </td>
              </tr>
            ) : list.data.items.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-8 text-center text-slate-500">
                  {filters.q || filters.status ? 'No proposals match these filters.' : 'No proposals yet.'}
                </td>
              </tr>
            ) : (
              list.data.items.map((p) => (
                <tr
                  key={p.id}
                  tabIndex={0}
                  data-number={p.number}
                  className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-900"
                  onClick={() => props.onOpen(p.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') props.onOpen(p.id);
                  }}
                >
                  <td className="px-3 py-2 font-mono text-xs">{p.number}</td>
                  <td className="px-3 py-2">{p.clientName}</td>
                  <td className="px-3 py-2">{p.title}</td>
                  <td className="px-3 py-2">
                    <StatusChip status={p.effectiveStatus} />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.totals.map((t) => formatCents(t.totalCents)).join(' / ')}</td>
                  <td className="px-3 py-2">{p.validUntil}</td>
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
