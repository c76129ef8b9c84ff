import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { JobSummaryDto } from '#contracts/jobs.ts';
import { JOB_TRANSITIONS, statusLabel, type JobStatus } from './job-format.ts';
import { JobCard } from './JobCard.tsx';
import { boardQuery, useTransition, type JobFilters } from './queries.ts';
import { FormError } from '#ui/FormError.tsx';
import { ApiRequestError } from '#lib/api.ts';

/**
 * The board: a column per status. Editors move a card by dragging it to another column or with
 * its "Move to" menu (keyboard and touch); only moves the transition table allows are offered,
 * and the server checks again (a refused move shows its reason).
 */
export function JobBoard(props: { filters: JobFilters; names: Map<string, string>; canEdit: boolean; onOpen: (id: string) => void }) {
  const board = useQuery(boardQuery(props.filters));
  const move = useTransition();
  const [dragging, setDragging] = useState<JobSummaryDto | null>(null);
  const [over, setOver] = useState<JobStatus | null>(null);
  const [moved, setMoved] = useState<JobSummaryDto | null>(null);

  const moveTo = (job: JobSummaryDto, to: JobStatus) => {
    if (job.status === to) return;
    setMoved(job);
    move.mutate({ id: job.id, status: to, number: job.number });
  };
  // Unticked checklist items: the drawer names them and asks before completing.
  const uncheckedJob = move.error instanceof ApiRequestError && move.error.fields.checklist ? moved : null;

  if (board.isPending) return <p role="status">Loading the board…</p>;
  if (board.isError) return <p role="alert" className="text-red-700">{board.error.message}</p>;
  const columns = board.data.columns;
  const byId = new Map(columns.flatMap((c) => c.jobs.map((j) => [j.id, j] as const)));

  return (
    <div>
      <FormError error={move.error} className="mb-3" />
      {uncheckedJob && (
        <button type="button" className="mb-3 text-sm text-blue-700 underline dark:text-blue-300" onClick={() => props.onOpen(uncheckedJob.id)}>
          Open {uncheckedJob.number} to review its checklist and complete it
        </button>
      )}
      <div className="grid gap-3 pb-2 sm:grid-flow-col sm:auto-cols-[minmax(12.5rem,1fr)] sm:overflow-x-auto" role="region" aria-label="Job board" tabIndex={0} data-scroll-x>
        {columns.map((col) => {
          const accepts = dragging !== null && JOB_TRANSITIONS[dragging.status as JobStatus].includes(col.status);
          // On a phone the columns stack: an empty one is a single line ("Cancelled (0)"), so the technician reaches the jobs without scrolling past empty boxes.
          const empty = col.jobs.length === 0;
          return (
            <section
              key={col.status}
              aria-label={statusLabel(col.status)}
              data-testid={`column-${col.status}`}
              onDragOver={(e) => {
                if (!props.canEdit || !accepts) return;
                e.preventDefault();
                setOver(col.status);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(e) => {
                e.preventDefault();
                setOver(null);
                const job = byId.get(e.dataTransfer.getData('text/x-job-id'));
                if (job && props.canEdit) moveTo(job, col.status);
                setDragging(null);
              }}
              className={`flex min-h-48 flex-col gap-2 rounded-lg p-2 ${empty ? 'max-sm:min-h-0 max-sm:py-1.5' : ''} ${over === col.status ? 'bg-blue-50 ring-2 ring-blue-500 dark:bg-blue-950' : 'bg-slate-50 dark:bg-slate-900/50'} ${dragging && !accepts ? 'opacity-60' : ''}`}
            >
              <h2 className="flex items-center justify-between px-1 text-sm font-semibold">
                <span>
                  {statusLabel(col.status)}
                  {(col.status === 'completed' || col.status === 'cancelled') && <span className={`ml-1 text-xs font-normal text-slate-500 ${empty ? 'max-sm:hidden' : ''}`}>(90 days)</span>}
                  {/* On a phone the columns stack: every count in the heading, "Scheduled (5)", "In progress (0)". */}
                  <span className="font-normal text-slate-500 sm:hidden">
                    {' '}
                    ({col.jobs.length}
                    {col.more ? '+' : ''})
                  </span>
                </span>
                <span className="text-xs font-normal text-slate-500 max-sm:hidden">
                  {col.jobs.length}
                  {col.more ? '+' : ''}
                </span>
              </h2>
              {empty && <p className="px-1 text-xs text-slate-500 max-sm:hidden">No jobs.</p>}
              {col.jobs.map((job) => (
                <div key={job.id} onDragStart={() => setDragging(job)} onDragEnd={() => setDragging(null)}>
                  <JobCard job={job} names={props.names} onOpen={() => props.onOpen(job.id)} draggable={props.canEdit && JOB_TRANSITIONS[job.status as JobStatus].length > 0}>
                    {props.canEdit && JOB_TRANSITIONS[job.status as JobStatus].length > 0 && (
                      <label className="mt-2 block text-xs text-slate-600 dark:text-slate-400">
                        <span className="sr-only">Move {job.number} to</span>
                        <select
                          aria-label={`Move ${job.number} to`}
                          className="mt-1 w-full rounded border border-slate-300 bg-white px-1 py-0.5 text-xs dark:border-slate-700 dark:bg-slate-900"
                          value=""
                          disabled={move.isPending}
                          onChange={(e) => moveTo(job, e.target.value as JobStatus)}
                        >
                          <option value="">Move to…</option>
                          {JOB_TRANSITIONS[job.status as JobStatus].map((s) => (
                            <option key={s} value={s}>
                              {statusLabel(s)}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}
                  </JobCard>
                </div>
              ))}
              {col.more && <p className="px-1 text-xs text-slate-500">More jobs: narrow the filters or use the list.</p>}
            </section>
          );
        })}
      </div>
    </div>
  );
}
