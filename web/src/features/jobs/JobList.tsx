import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { JOB_STATUS_VALUES } from '#contracts/jobs.ts';
import { useCursorPages } from '#ui/DataTable.tsx';
import { statusLabel, typeLabel } from './job-format.ts';
import { formatDate, formatWindow, useCompanyTimeZone } from '#ui/dates.ts';
import { StatusBadge } from './JobCard.tsx';
import { JOB_LIST_SORT, listQuery, type JobFilters } from './queries.ts';
import { Options } from '#ui/Options.tsx';
import { stacked, stackedCell } from '#ui/stacked-table.ts';

const SORTS = [
  ['number', 'Number'],
  ['scheduledStart', 'Scheduled'],
  ['updatedAt', 'Last change'],
] as const;

/** The sortable, cursor-paged job list with a status filter (the board shows every status at once). */
export function JobList(props: { filters: JobFilters; onStatus: (status: string | undefined) => void; names: Map<string, string>; onOpen: (id: string) => void }) {
  useCompanyTimeZone(); // times are shown in the company's zone: render again when it arrives
  const [sort, setSort] = useState<string>(JOB_LIST_SORT.sort);
  const [dir, setDir] = useState<'asc' | 'desc'>(JOB_LIST_SORT.dir);
  // Back to the first page whenever the filters or the order change.
  const pages = useCursorPages({ filters: props.filters, sort, dir });
  const list = useQuery(listQuery(props.filters, sort, dir, pages.cursor));

  const header = (key: string, label: string) => (
    <th scope="col" className={`py-2 pr-3 ${stacked.sortableTh}`} aria-sort={sort === key ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold"
        onClick={() => {
          if (sort === key) setDir(dir === 'asc' ? 'desc' : 'asc');
          else setSort(key);
        }}
      >
        {label}
        {sort === key && (dir === 'asc' ? <ArrowUp aria-hidden className="h-3 w-3" /> : <ArrowDown aria-hidden className="h-3 w-3" />)}
      </button>
    </th>
  );

  return (
    <section aria-label="Job list">
      <label className="mb-3 inline-flex items-center gap-2 text-sm">
        Status
        <select
          className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          value={props.filters.status ?? ''}
          onChange={(e) => props.onStatus(e.target.value || undefined)}
        >
          <option value="">All</option>
          <Options values={JOB_STATUS_VALUES} labels={statusLabel} />
        </select>
      </label>
      {list.isPending && <p role="status">Loading jobs…</p>}
      {list.isError && <p role="alert" className="text-red-700">{list.error.message}</p>}
      {list.data && list.data.jobs.length === 0 && <p className="rounded-md bg-slate-50 p-6 text-center text-slate-600 dark:bg-slate-900">No jobs match these filters.</p>}
      {list.data && list.data.jobs.length > 0 && (
        <div className="overflow-x-auto">
          <table className={`${stacked.table} text-left`}>
            <thead className={`${stacked.sortHead} border-b border-slate-200 dark:border-slate-700`}>
              <tr className={`${stacked.sortHeadRow} max-sm:px-0`}>
                {header(SORTS[0][0], SORTS[0][1])}
                <th scope="col" className={`py-2 pr-3 ${stacked.plainTh}`}>Job</th>
                <th scope="col" className={`py-2 pr-3 ${stacked.plainTh}`}>Client / site</th>
                <th scope="col" className={`py-2 pr-3 ${stacked.plainTh}`}>Status</th>
                {header(SORTS[1][0], SORTS[1][1])}
                <th scope="col" className={`py-2 pr-3 ${stacked.plainTh}`}>Assigned</th>
                {header(SORTS[2][0], SORTS[2][1])}
              </tr>
            </thead>
            <tbody className={stacked.body}>
              {list.data.jobs.map((j) => (
                <tr key={j.id} className={`${stacked.row} border-b border-slate-100 align-top max-sm:px-0 dark:border-slate-800`}>
                  <td {...stackedCell(undefined, 'py-2 pr-3 font-mono')}>
                    <button type="button" className="text-blue-700 underline dark:text-blue-300" onClick={() => props.onOpen(j.id)}>
                      {j.number}
                    </button>
                  </td>
                  <td {...stackedCell(undefined, 'py-2 pr-3')}>
                    {j.title}
                    <span className="block text-xs text-slate-500">{typeLabel(j.type)}</span>
                  </td>
                  <td {...stackedCell('Client / site', 'py-2 pr-3')}>
                    {j.clientName}
                    <span className="block text-xs text-slate-500">{j.siteAddress || j.siteLabel}</span>
                  </td>
                  <td {...stackedCell('Status', 'py-2 pr-3')}>
                    <StatusBadge status={j.status} />
                  </td>
                  <td {...stackedCell(SORTS[1][1], 'py-2 pr-3')}>{formatWindow(j.scheduledStart, j.scheduledEnd)}</td>
                  <td {...stackedCell('Assigned', 'py-2 pr-3')}>{j.assignees.map((a) => props.names.get(a) ?? a).join(', ') || '—'}</td>
                  <td {...stackedCell(SORTS[2][1], 'py-2 pr-3 whitespace-nowrap')}>{formatDate(j.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-3 flex gap-2">
        <button type="button" className="rounded-md border border-slate-300 px-3 py-1 text-sm disabled:opacity-50 dark:border-slate-700" disabled={pages.page === 0} onClick={pages.previous}>
          Previous
        </button>
        <button
          type="button"
          className="rounded-md border border-slate-300 px-3 py-1 text-sm disabled:opacity-50 dark:border-slate-700"
          disabled={!list.data?.nextCursor}
          onClick={() => list.data?.nextCursor && pages.next(list.data.nextCursor)}
        >
          Next
        </button>
      </div>
    </section>
  );
}
