import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { JobTypeOptions } from './JobCard.tsx';
import { JobBoard } from './JobBoard.tsx';
import { JobList } from './JobList.tsx';
import { JobDetail } from './JobDetail.tsx';
import { CreateJobDialog } from './CreateJobDialog.tsx';
import { WeekCalendar } from './WeekCalendar.tsx';
import { CalendarFeedPanel } from './CalendarFeedPanel.tsx';
import { assigneesQuery, defaultsToMe, EVERYONE, jobFilters, useJobPermissions, type JobFilters } from './queries.ts';
import type { SearchPatch } from '#lib/search-params.ts';

export type JobView = 'board' | 'calendar' | 'list';

export interface JobSearch {
  view?: JobView;
  q?: string;
  type?: string;
  employee?: string;
  status?: string;
  /** Monday of the calendar week, YYYY-MM-DD. */
  week?: string;
  job?: string;
  /** Where the job was opened from: 'dashboard' (the technician's day) takes closing back there. */
  from?: 'dashboard';
}

export type JobSearchPatch = SearchPatch<JobSearch>;

const tabClass = (active: boolean) =>
  `border-b-2 px-4 py-2 text-sm font-medium ${active ? 'border-blue-700 text-blue-700 dark:border-blue-400 dark:text-blue-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400'}`;
const control = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';


/** /admin/jobs: board, week calendar and list of jobs, shared filters, the job drawer and the new-job dialog. */
export function JobTracker(props: { search: JobSearch; onSearch: (next: JobSearchPatch) => void; onCloseJob?: (() => void) | undefined }) {
  const { search, onSearch } = props;
  const perms = useJobPermissions();
  const people = useQuery({ ...assigneesQuery, enabled: perms.canView });
  const names = new Map((people.data?.employees ?? []).map((e) => [e.id, e.name]));
  const [creating, setCreating] = useState(false);
  const [q, setQ] = useState(search.q ?? '');
  const view = search.view ?? 'board';
  const me = people.data?.me ?? null;
  const filters: JobFilters = jobFilters(search, me);
  const open = (id: string) => onSearch({ job: id });
  // The select's value: '' is everyone. On the Week view choosing oneself goes back to the default
  // (no parameter) and choosing everyone writes employee=all; elsewhere everyone is the default.
  const employeeValue = filters.employee ?? '';
  const weekOfMine = view === 'calendar' && me !== null;
  const chooseEmployee = (value: string) => onSearch({ employee: value === '' ? (weekOfMine ? EVERYONE : undefined) : weekOfMine && value === me ? undefined : value });

  // Whose visits the Week view opens on depends on the assignees answer: wait for it rather than show everyone's and then one's own.
  if (perms.loading || (perms.canView && defaultsToMe(search) && people.isPending)) return <p role="status">Loading…</p>;
  if (!perms.canView)
    return (
      <section>
        <PageHeading title="Job tracker">You do not have access to jobs.</PageHeading>
      </section>
    );

  return (
    <section>
      <PageHeading title="Job tracker">Installs, prewires, service visits and inspections: schedule them, assign people, follow them through.</PageHeading>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" aria-label="Job views" className="flex border-b border-slate-200 dark:border-slate-800">
          {(['board', 'calendar', 'list'] as const).map((v) => (
            <button key={v} type="button" role="tab" aria-selected={view === v} className={tabClass(view === v)} onClick={() => onSearch({ view: v === 'board' ? undefined : v })}>
              {v === 'board' ? 'Board' : v === 'calendar' ? 'Week' : 'List'}
            </button>
          ))}
        </div>
        {perms.canEdit && (
          <button type="button" className="inline-flex items-center gap-1 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="h-4 w-4" /> New job
          </button>
        )}
      </div>
      <form
        role="search"
        aria-label="Filter jobs"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch({ q: q.trim() || undefined });
        }}
      >
        {view !== 'calendar' && (
          <label className="flex min-w-0 max-w-full items-center gap-1 text-sm">
            Search
            <input className={`${control} min-w-0 max-w-full`} type="search" value={q} onChange={(e) => setQ(e.target.value)} onBlur={() => onSearch({ q: q.trim() || undefined })} placeholder="Number, title, client, address" />
          </label>
        )}
        <label className="flex min-w-0 max-w-full items-center gap-1 text-sm">
          Type
          <select className={`${control} min-w-0 max-w-full`} value={search.type ?? ''} onChange={(e) => onSearch({ type: e.target.value || undefined })}>
            <option value="">All</option>
            <JobTypeOptions />
          </select>
        </label>
        <label className="flex min-w-0 max-w-full items-center gap-1 text-sm">
          Employee
          <select className={`${control} min-w-0 max-w-full`} value={employeeValue} onChange={(e) => chooseEmployee(e.target.value)}>
            <option value="">Everyone</option>
            {(people.data?.employees ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.id === me ? `${p.name} (me)` : p.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      {view === 'board' && <JobBoard filters={filters} names={names} canEdit={perms.canEdit} onOpen={open} />}
      {view === 'calendar' && (
        <WeekCalendar week={search.week} onWeek={(w) => onSearch({ week: w })} filters={filters} names={names} onOpen={open} />
      )}
      {view === 'list' && <JobList filters={filters} onStatus={(status) => onSearch({ status })} names={names} onOpen={open} />}
      <CalendarFeedPanel />
      {creating && (
        <CreateJobDialog
          onClose={(id) => {
            setCreating(false);
            if (id) open(id);
          }}
        />
      )}
      {search.job && (
        <JobDetail key={search.job} id={search.job} canEdit={perms.canEdit} canUseInventory={perms.canUseInventory} onClose={props.onCloseJob ?? (() => onSearch({ job: undefined }))} onOpen={open} />
      )}
    </section>
  );
}
