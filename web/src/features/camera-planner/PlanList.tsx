import { useMemo, useState } from 'react';
import { formatDateTime } from '#ui/dates.ts';
import { useQuery } from '@tanstack/react-query';
import type { CameraPlanSummaryDto } from '#contracts/camera-plans.ts';
import { planListQuery } from './queries.ts';
import { DataTable, staticList, type Column } from '#ui/DataTable.tsx';

const planColumns = (onOpen: (id: string) => void): Column<CameraPlanSummaryDto>[] => [
  {
    id: 'name',
    label: 'Plan',
    cell: (p) => (
      <button type="button" className="text-left font-medium text-blue-700 underline dark:text-blue-300" onClick={() => onOpen(p.id)}>
        {p.name}
      </button>
    ),
  },
  { id: 'client', label: 'Client · site', cell: (p) => [p.clientName ?? 'Unknown client', p.siteLabel ?? 'unknown site'].join(' · ') },
  { id: 'cameras', label: 'Cameras', numeric: true, cell: (p) => p.cameraCount },
  { id: 'floorPlan', label: 'Floor plan', cell: (p) => (p.hasFloorPlan ? 'Image' : 'Grid') },
  { id: 'updatedAt', label: 'Last changed', cell: (p) => formatDateTime(p.updatedAt) },
];

const PAGE = 25;
type Sort = 'updatedAt' | 'name' | 'clientName';

/** Every plan, newest first; search by plan, client or site; sort by a column; paged. */
export function PlanList(props: { onOpen(id: string): void }) {
  const plans = useQuery(planListQuery(undefined));
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<Sort>('updatedAt');
  const [page, setPage] = useState(0);
  const rows = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const hit = (p: CameraPlanSummaryDto) => !needle || [p.name, p.clientName ?? '', p.siteLabel ?? ''].some((s) => s.toLowerCase().includes(needle));
    const list = (plans.data ?? []).filter(hit);
    const key = (p: CameraPlanSummaryDto) => (sort === 'updatedAt' ? p.updatedAt : sort === 'name' ? p.name.toLowerCase() : (p.clientName ?? '').toLowerCase());
    return list.sort((a, b) => (sort === 'updatedAt' ? key(b).localeCompare(key(a)) : key(a).localeCompare(key(b))));
  }, [plans.data, q, sort]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const shown = rows.slice(page * PAGE, page * PAGE + PAGE);
  if (plans.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading plans…</p>;
  if (plans.isError) return <p role="alert" className="text-red-700">{plans.error.message}</p>;
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <label className="text-sm" htmlFor="plan-search">
          Search
          <input
            id="plan-search"
            type="search"
            className="mt-1 block rounded-md border border-slate-300 px-3 py-1.5 dark:border-slate-700 dark:bg-slate-900"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(0);
            }}
            placeholder="Plan, client or site"
          />
        </label>
        <label className="text-sm" htmlFor="plan-sort">
          Sort by
          <select id="plan-sort" className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            <option value="updatedAt">Last changed</option>
            <option value="name">Plan name</option>
            <option value="clientName">Client</option>
          </select>
        </label>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {plans.data.length === 0 ? 'No camera plans yet.' : 'No plan matches the search.'}
        </p>
      ) : (
        <DataTable label="Camera plans" columns={planColumns(props.onOpen)} list={staticList(shown)} loadingText="Loading plans…" emptyText="No plan matches the search." />
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-3 flex items-center gap-2 text-sm">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)} className="underline disabled:opacity-50">
            Previous
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)} className="underline disabled:opacity-50">
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
