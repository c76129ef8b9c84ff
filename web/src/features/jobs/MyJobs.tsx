import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink, MapPin } from 'lucide-react';
import type { JobDto } from '#contracts/jobs.ts';
import { mapLink, typeLabel } from './job-format.ts';
import { formatWindow, useCompanyTimeZone } from '#ui/dates.ts';
import { ClientPhone, StatusBadge } from './JobCard.tsx';
import { CalendarFeedPanel } from './CalendarFeedPanel.tsx';
import { myJobsQuery, useChecklist, useJobPermissions } from './queries.ts';
import { OnMyWayButton } from './OnMyWayButton.tsx';
import { recordHref } from '#contracts/record-href.ts';

/**
 * For the employee dashboard: the signed-in employee's jobs today and coming up, with address,
 * a map link, "On my way" (today's visits) and the checklist (ticking needs editJobs). Phone-first
 * layout: checklist rows are 44 px tall at least. Visits finished today stay under Today, marked done.
 */
export function MyJobs() {
  useCompanyTimeZone(); // times are shown in the company's zone: render again when it arrives
  const mine = useQuery(myJobsQuery);
  const perms = useJobPermissions();
  if (mine.isPending) return <p role="status">Loading your jobs…</p>;
  if (mine.isError) return <p role="alert" className="text-red-700">{mine.error.message}</p>;
  return (
    <section aria-label="My jobs" className="space-y-6">
      <div>
        <h2 className="mb-2 text-xl font-semibold">Today</h2>
        {mine.data.today.length === 0 ? <p className="text-sm text-slate-500">No jobs today.</p> : mine.data.today.map((j) => <MyJob key={j.id} job={j} canTick={perms.canEdit} canOpen={perms.canView} today />)}
      </div>
      <div>
        <h2 className="mb-2 text-xl font-semibold">Coming up</h2>
        {mine.data.upcoming.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing scheduled yet.</p>
        ) : (
          mine.data.upcoming.map((j) => <MyJob key={j.id} job={j} canTick={perms.canEdit} canOpen={perms.canView} />)
        )}
      </div>
      <CalendarFeedPanel />
    </section>
  );
}

function MyJob(props: { job: JobDto; canTick: boolean; canOpen: boolean; today?: boolean }) {
  const j = props.job;
  const tick = useChecklist();
  const done = j.status === 'completed';
  return (
    <article
      className={`mb-3 rounded-lg border p-4 ${done ? 'border-green-200 bg-green-50/60 dark:border-green-900 dark:bg-green-950/40' : 'border-slate-200 dark:border-slate-800'}`}
      data-testid={`my-job-${j.number}`}
      aria-label={done ? `${j.number} ${j.title}, done` : undefined}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono text-slate-500">{j.number}</span> <StatusBadge status={j.status} /> <span>{typeLabel(j.type)}</span>
        {done && (
          <span className="inline-flex items-center gap-1 font-semibold text-green-800 dark:text-green-300">
            <CheckCircle2 aria-hidden className="h-4 w-4" /> Done
          </span>
        )}
      </p>
      <h3 className="text-lg font-semibold">
        {/* The whole job (photos, materials, sign-off) is one tap away for those who may open the tracker. */}
        {props.canOpen ? (
          <a className="text-blue-700 underline [overflow-wrap:anywhere] dark:text-blue-300" href={recordHref('job', j.id, 'dashboard')}>
            {j.title}
          </a>
        ) : (
          j.title
        )}
      </h3>
      <p className="text-sm">{formatWindow(j.scheduledStart, j.scheduledEnd)}</p>
      <p className="flex flex-wrap items-center gap-x-3 text-sm">
        <span>{j.clientName}</span>
        <ClientPhone phone={j.clientPhone} />
      </p>
      <p className="flex items-start gap-1 text-sm">
        <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          {j.siteAddress}{' '}
          <a className="inline-flex items-center gap-1 text-blue-700 underline dark:text-blue-300" href={mapLink(j)} target="_blank" rel="noreferrer">
            Open map <ExternalLink aria-hidden className="h-3 w-3" />
          </a>
        </span>
      </p>
      {props.today && props.canTick && (
        <div className="mt-3">
          <OnMyWayButton job={j} assigned />
        </div>
      )}
      {j.checklist.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800" aria-label={`Checklist for ${j.number}`}>
          {j.checklist.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-11 items-center gap-3 py-1 text-sm" data-testid="checklist-row">
                <input
                  type="checkbox"
                  className="h-5 w-5 shrink-0"
                  checked={c.done}
                  disabled={!props.canTick || done || tick.isPending}
                  onChange={(e) => tick.mutate({ id: j.id, change: { action: 'tick', itemId: c.id, done: e.target.checked }, text: c.text })}
                />
                <span className={`[overflow-wrap:anywhere] ${c.done ? 'line-through' : ''}`}>{c.text}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {tick.isError && <p role="alert" className="text-sm text-red-700">{tick.error.message}</p>}
    </article>
  );
}
