import { STATUS_LABELS } from '#domain/jobs/job.ts';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { JobSummaryDto } from '#contracts/jobs.ts';
import { Field } from '#ui/Field.tsx';
import { jobSearchQuery } from './queries.ts';

const OPEN = new Set(['unscheduled', 'scheduled', 'in-progress', 'on-hold']);
export const jobLabel = (j: Pick<JobSummaryDto, 'number' | 'title'>) => `${j.number} · ${j.title}`;

/**
 * Finds a job by number, title, client or address, like the client finder: nobody types a job
 * number that may not exist. `openOnly` lists work still open (stock used or reserved); a return
 * from a job may name a finished one.
 */
export function JobPicker(props: { id: string; picked: JobSummaryDto | null; onPick: (job: JobSummaryDto | null) => void; error?: string | undefined; required?: boolean; openOnly: boolean }) {
  const [q, setQ] = useState('');
  const search = q.trim();
  const jobs = useQuery({ ...jobSearchQuery(search), enabled: props.picked === null });
  const found = (jobs.data?.jobs ?? []).filter((j) => !props.openOnly || OPEN.has(j.status)).slice(0, 8);
  if (props.picked)
    return (
      <div>
        <p className="block text-sm font-medium text-slate-800 dark:text-slate-200">Job</p>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="picked-job">
          <strong className="[overflow-wrap:anywhere]">{jobLabel(props.picked)}</strong>
          <span className="text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
            {props.picked.clientName} · {props.picked.siteLabel}
          </span>
          <button type="button" className="text-blue-700 underline dark:text-blue-300" onClick={() => props.onPick(null)}>
            Change job
          </button>
        </p>
        {props.error && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{props.error}</p>}
      </div>
    );
  return (
    <div className="min-w-0">
      <Field label="Job" id={props.id} error={props.error} required={props.required}>
        <input id={props.id} type="search" autoComplete="off" placeholder="Job number, client or address" value={q} onChange={(e) => setQ(e.target.value)} />
      </Field>
      {jobs.isError && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{jobs.error.message}</p>}
      <ul aria-label="Matching jobs" className="mt-1 max-h-56 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
        {jobs.isPending && <li className="px-3 py-2 text-sm text-slate-500">Looking for jobs…</li>}
        {jobs.isSuccess && found.length === 0 && (
          <li className="px-3 py-2 text-sm text-slate-500">{search ? `No ${props.openOnly ? 'open ' : ''}job matches “${search}”.` : `No ${props.openOnly ? 'open ' : ''}jobs.`}</li>
        )}
        {found.map((j) => (
          <li key={j.id}>
            <button
              type="button"
              className="block w-full px-3 py-2 text-left text-sm [overflow-wrap:anywhere] hover:bg-slate-100 dark:hover:bg-slate-800"
              onClick={() => {
                props.onPick(j);
                setQ('');
              }}
            >
              <span className="font-medium">{jobLabel(j)}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {' '}
                — {j.clientName} · {j.siteLabel} · {STATUS_LABELS[j.status]}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
