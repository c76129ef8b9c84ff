import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Download, ExternalLink, Trash2, X } from 'lucide-react';
import { updateJobSchema, type BookingWarningDto, type JobDto, type JobViewResponse, type UpdateJobRequest } from '#contracts/jobs.ts';
import { rootNotAtField, showServerErrors } from '#lib/form-errors.ts';
import { ApiRequestError } from '#lib/api.ts';
import { Field } from '#ui/Field.tsx';
import { useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { JOB_TRANSITIONS, jobHeaderLine, mapLink, statusLabel, type JobStatus } from './job-format.ts';
import { hasSignOffDocument, needsSignOff } from '#domain/jobs/job.ts';
import { formatWeekdayTime as formatWhen, formatWindow, fromLocalInput, todayIso, toLocalInput, useCompanyTimeZone } from '#ui/dates.ts';
import { datePlausibility } from '#domain/shared/calendar-date.ts';
import { useMoneySettings } from '#ui/money.ts';
import { History } from '#ui/History.tsx';
import { ClientPhone, JobTypeOptions, StatusBadge } from './JobCard.tsx';
import { MaterialForm } from './MaterialForm.tsx';
import { SignaturePad } from '#ui/SignaturePad.tsx';
import { InvoiceThisJob } from './InvoiceThisJob.tsx';
import { OnMyWayButton } from './OnMyWayButton.tsx';
import { assigneesQuery, jobQuery, signOffPdfHref, useChecklist, usePhotoUpload, useSchedule, useSignOff, useTransition, useTrimOut, useUpdateJob } from './queries.ts';
import { recordHref } from '#contracts/record-href.ts';
import { FormError } from '#ui/FormError.tsx';
import { SidePanel } from '#ui/SidePanel.tsx';

const button = 'rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60';
const secondary = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';
const input = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';
const h3 = 'mb-2 mt-6 text-lg font-semibold';

/** The job drawer: everything about one job; edit controls only with editJobs. */
export function JobDetail(props: { id: string; canEdit: boolean; canUseInventory: boolean; onClose: () => void; onOpen: (id: string) => void }) {
  useCompanyTimeZone(); // times are shown in the company's zone: render again when it arrives
  const view = useQuery(jobQuery(props.id));
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [props.id]);
  const job = view.data?.job;
  const related = view.data?.related ?? { parent: null, trimOut: null };

  return (
    <SidePanel onClose={props.onClose} width="max-w-3xl" labelledBy="job-detail-title" ref={panel}>
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id="job-detail-title" className="text-2xl font-bold">
            {job ? (
              <>
                <span className="font-mono text-lg text-slate-500">{job.number}</span> {job.title}
              </>
            ) : (
              'Loading…'
            )}
          </h2>
          <button type="button" aria-label="Close" className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800" onClick={props.onClose}>
            <X aria-hidden className="h-6 w-6" />
          </button>
        </div>
        {view.isPending && <p role="status">Loading job…</p>}
        {view.isError && <p role="alert" className="text-red-700">{view.error.message}</p>}
        {job && view.data && (
          <>
            <p className="mb-1 flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge status={job.status} /> <span>{jobHeaderLine(job)}</span> <ClientPhone phone={job.clientPhone} />
            </p>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
              {job.siteLabel}: {job.siteAddress}{' '}
              <a className="inline-flex items-center gap-1 text-blue-700 underline dark:text-blue-300" href={mapLink(job)} target="_blank" rel="noreferrer">
                Map <ExternalLink aria-hidden className="h-3 w-3" />
              </a>
            </p>
            {props.canEdit && <OnMyWayButton job={job} assigned={view.data.assignedToYou} />}
            {(job.proposalId || job.invoiceId) && (
              <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
                {job.proposalId && (
                  <a className="mr-3 text-blue-700 underline dark:text-blue-300" href={recordHref('proposal', job.proposalId)}>
                    Open the proposal
                  </a>
                )}
                {job.invoiceId && (
                  <a className="text-blue-700 underline dark:text-blue-300" href={recordHref('invoice', job.invoiceId)}>
                    Open the invoice
                  </a>
                )}
              </p>
            )}
            {(job.parentJobId || job.trimOutJobId) && (
              <p className="mb-4 text-sm">
                {job.parentJobId && (
                  <button type="button" className="mr-3 underline" onClick={() => props.onOpen(job.parentJobId!)}>
                    {related.parent ? `Prewire this follows: ${related.parent.number} ${related.parent.title}` : 'Open the prewire this follows'}
                  </button>
                )}
                {job.trimOutJobId && (
                  <button type="button" className="underline" onClick={() => props.onOpen(job.trimOutJobId!)}>
                    {related.trimOut ? `Trim-out visit: ${related.trimOut.number} ${related.trimOut.title}` : 'Open the trim-out visit'}
                  </button>
                )}
              </p>
            )}
            {props.canEdit && <StatusActions job={job} onOpen={props.onOpen} />}
            <InvoiceThisJob job={job} />
            <Schedule key={job.id} job={job} warnings={view.data.warnings} canEdit={props.canEdit} />
            <Checklist job={job} canEdit={props.canEdit} />
            <Materials job={job} canEdit={props.canEdit && props.canUseInventory} canEditJob={props.canEdit} />
            <Photos job={job} canEdit={props.canEdit} />
            <SignOffSection job={job} canEdit={props.canEdit} />
            {props.canEdit ? <DetailsForm job={job} /> : job.notes && <p className="mt-6 whitespace-pre-wrap text-sm">{job.notes}</p>}
            <h3 className={h3}>History</h3>
            <JobHistory entries={view.data.history} />
          </>
        )}
    </SidePanel>
  );
}

/** Assignees are written by name now; older entries kept employee ids, read here by name. */
function JobHistory(props: { entries: JobViewResponse['history'] }) {
  const people = useQuery(assigneesQuery);
  const names = new Map((people.data?.employees ?? []).map((e) => [e.id, e.name]));
  return (
    <History
      entries={props.entries}
      fieldLabel={(f) => (f.startsWith('material:') ? `Material ${f.slice('material:'.length)}` : f === 'completedWithUnticked' ? 'Completed with checklist items unticked' : undefined)}
      valueLabel={(f, v) =>
        // Status and type read through the shared audit vocabulary (History's default).
        f === 'assignees' && typeof v === 'string' ? v.split(',').map((part) => names.get(part.trim()) ?? part.trim()).join(', ') : undefined
      }
    />
  );
}

function StatusActions(props: { job: JobDto; onOpen: (id: string) => void }) {
  const move = useTransition();
  const trim = useTrimOut(props.job.id);
  const [confirming, setConfirming] = useState(false);
  const next = JOB_TRANSITIONS[props.job.status as JobStatus];
  const unticked = props.job.checklist.filter((c) => !c.done).map((c) => c.text);
  // The missing sign-off is the server's first answer; ask about the checklist once it is there.
  const missingSignOff = needsSignOff(props.job) && props.job.signOff === null;
  const go = (s: JobStatus, acknowledgeUnticked = false) => move.mutate({ id: props.job.id, status: s, acknowledgeUnticked, number: props.job.number }, { onSuccess: () => setConfirming(false) });
  return (
    <div className="mb-2">
      <div className="flex flex-wrap gap-2" aria-label="Change status">
        {next.map((s) => (
          <button
            key={s}
            type="button"
            className={s === 'cancelled' ? secondary : button}
            disabled={move.isPending}
            onClick={() => (s === 'completed' && unticked.length > 0 && !missingSignOff ? setConfirming(true) : go(s))}
          >
            {s === 'completed' ? 'Complete' : s === 'cancelled' ? 'Cancel job' : `Mark ${statusLabel(s).toLowerCase()}`}
          </button>
        ))}
        {props.job.type === 'prewire' && !props.job.trimOutJobId && props.job.status !== 'cancelled' && (
          <button type="button" className={secondary} disabled={trim.isPending} onClick={() => trim.mutate(undefined, { onSuccess: (t) => props.onOpen(t.id) })}>
            Create trim-out visit
          </button>
        )}
      </div>
      {confirming && unticked.length > 0 && (
        <div role="alertdialog" aria-label="Complete with unticked checklist items?" className="mt-2 grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-semibold">
            {unticked.length} checklist item{unticked.length === 1 ? ' is' : 's are'} not ticked:
          </p>
          <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
            {unticked.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
          <p>Complete anyway? The job's history will name the items left unticked.</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={button} disabled={move.isPending} onClick={() => go('completed', true)}>
              Complete anyway
            </button>
            <button type="button" className={secondary} onClick={() => setConfirming(false)}>
              Go back to the checklist
            </button>
          </div>
        </div>
      )}
      {move.isError && <p role="alert" className="mt-2 text-sm text-red-700">{move.error.message}</p>}
      {trim.isError && <p role="alert" className="mt-2 text-sm text-red-700">{trim.error.message}</p>}
    </div>
  );
}

function Warnings(props: { warnings: BookingWarningDto[]; names: Map<string, string> }) {
  if (props.warnings.length === 0) return null;
  return (
    <div role="alert" className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <p className="flex items-center gap-1 font-semibold">
        <AlertTriangle aria-hidden className="h-4 w-4" /> Double-booked
      </p>
      <ul>
        {props.warnings.map((w) => (
          <li key={`${w.employeeId}-${w.jobId}`}>
            {props.names.get(w.employeeId) ?? w.employeeId} is also on {w.number} {w.title} ({formatWindow(w.start, w.end)}).
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The window's plausible range is the server's rule (WINDOW_YEARS, "Check the year"); here only what makes no date at all. */
const ANY_DAY = { pastDays: 100_000, futureDays: 100_000 };

/** What is wrong with a typed datetime-local value (a mistyped year such as 20266, a date that is not one), at its field, or nothing. */
function windowProblem(label: string, value: string, field: 'scheduledStart' | 'scheduledEnd', locale: string): Partial<Record<'scheduledStart' | 'scheduledEnd', string>> {
  const problem = datePlausibility(label, value.split('T')[0] ?? '', todayIso(), ANY_DAY, locale);
  if (problem) return { [field]: problem };
  return Number.isNaN(new Date(value).getTime()) ? { [field]: `${label}: enter a date and a time.` } : {};
}

function Schedule(props: { job: JobDto; warnings: BookingWarningDto[]; canEdit: boolean }) {
  const people = useQuery(assigneesQuery);
  const names = new Map((people.data?.employees ?? []).map((e) => [e.id, e.name]));
  const save = useSchedule(props.job.id);
  const money = useMoneySettings();
  const [start, setStart] = useState(toLocalInput(props.job.scheduledStart));
  const [end, setEnd] = useState(toLocalInput(props.job.scheduledEnd));
  const [assignees, setAssignees] = useState(props.job.assignees);
  const dirty = start !== toLocalInput(props.job.scheduledStart) || end !== toLocalInput(props.job.scheduledEnd) || assignees.join() !== props.job.assignees.join();
  useUnsavedChangesWarning(dirty);
  const open = props.job.status !== 'completed' && props.job.status !== 'cancelled';
  const warnings = save.data?.warnings ?? props.warnings;
  const [localErrors, setLocalErrors] = useState<Partial<Record<'scheduledStart' | 'scheduledEnd', string>>>({});
  const serverFields = save.error instanceof ApiRequestError ? save.error.fields : {};
  // The server names the window's halves scheduledStart/End (domain) or window.start/end (request shape).
  const fieldError = (f: 'scheduledStart' | 'scheduledEnd'): string | undefined =>
    localErrors[f] ?? ([...(serverFields[f] ?? []), ...(serverFields[f === 'scheduledStart' ? 'window.start' : 'window.end'] ?? [])].join(' ') || undefined);

  // Said once: a message already shown at Start or End is not repeated above the button.
  const atFields = [fieldError('scheduledStart'), fieldError('scheduledEnd')];
  const topError = save.isError
    ? [atFields.includes(save.error.message) ? '' : save.error.message, ...Object.entries(serverFields).filter(([f]) => !['scheduledStart', 'scheduledEnd', 'window.start', 'window.end'].includes(f)).flatMap(([, m]) => m)]
        .filter(Boolean)
        .join(' ')
    : '';

  if (!props.canEdit || !open)
    return (
      <section aria-label="Schedule">
        <h3 className={h3}>Schedule</h3>
        <p className="text-sm">{formatWindow(props.job.scheduledStart, props.job.scheduledEnd)}</p>
        <p className="text-sm">Assigned: {props.job.assignees.map((a) => names.get(a) ?? a).join(', ') || 'nobody yet'}</p>
        <Warnings warnings={props.warnings} names={names} />
      </section>
    );
  return (
    <form
      aria-label="Schedule"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Half a window would silently clear the schedule: ask for the other half instead.
        if (start && !end) return setLocalErrors({ scheduledEnd: 'End: enter when the visit ends, or clear Start too.' });
        if (!start && end) return setLocalErrors({ scheduledStart: 'Start: enter when the visit starts, or clear End too.' });
        // A year typed as 20266 makes no instant at all: say so at its field, in the user's words.
        const problems = {
          ...(start ? windowProblem('Start', start, 'scheduledStart', money.locale) : {}),
          ...(end ? windowProblem('End', end, 'scheduledEnd', money.locale) : {}),
        };
        if (Object.keys(problems).length > 0) {
          save.reset();
          return setLocalErrors(problems);
        }
        setLocalErrors({});
        const s = fromLocalInput(start);
        const en = fromLocalInput(end);
        save.mutate({ window: s && en ? { start: s, end: en } : null, assignees });
      }}
    >
      <h3 className={h3}>Schedule</h3>
      <div className="flex flex-wrap gap-3 text-sm">
        {(['scheduledStart', 'scheduledEnd'] as const).map((f) => {
          const message = fieldError(f);
          return (
            <div key={f}>
              <label>
                {f === 'scheduledStart' ? 'Start' : 'End'}
                <input
                  className={`${input} ml-1`}
                  type="datetime-local"
                  value={f === 'scheduledStart' ? start : end}
                  onChange={(e) => (f === 'scheduledStart' ? setStart : setEnd)(e.target.value)}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${f}-error` : undefined}
                />
              </label>
              {message && (
                <p id={`${f}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {message}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <fieldset className="mt-2 text-sm">
        <legend>Assigned</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {(people.data?.employees ?? []).map((p) => (
            <label key={p.id} className="inline-flex items-center gap-1 rounded border border-slate-200 px-2 py-1 dark:border-slate-700">
              <input type="checkbox" checked={assignees.includes(p.id)} onChange={(e) => setAssignees(e.target.checked ? [...assignees, p.id] : assignees.filter((a) => a !== p.id))} />
              {p.name}
            </label>
          ))}
        </div>
      </fieldset>
      {topError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {topError}
        </p>
      )}
      <Warnings warnings={warnings} names={names} />
      <button type="submit" className={`${button} mt-2`} disabled={!dirty || save.isPending}>
        {save.isPending ? 'Saving…' : 'Save schedule'}
      </button>
    </form>
  );
}

function Checklist(props: { job: JobDto; canEdit: boolean }) {
  const change = useChecklist();
  const [text, setText] = useState('');
  // Removing an item asks first: on a phone the bin sits under the thumb.
  const [removing, setRemoving] = useState<string | null>(null);
  const open = props.job.status !== 'completed' && props.job.status !== 'cancelled';
  const editable = props.canEdit && open;
  return (
    <section aria-label="Checklist">
      <h3 className={h3}>Checklist</h3>
      {props.job.checklist.length === 0 && <p className="text-sm text-slate-500">No checklist items.</p>}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={`Checklist for ${props.job.number}`}>
        {props.job.checklist.map((c) => (
          <li key={c.id} className="text-sm">
            <div className="flex min-h-11 flex-wrap items-center gap-x-2" data-testid="checklist-row">
              {/* The whole row is the tap target: 44 px tall at least. */}
              <label className="inline-flex min-h-11 min-w-0 flex-1 items-center gap-3">
                <input type="checkbox" className="h-5 w-5 shrink-0" checked={c.done} disabled={!editable || change.isPending} onChange={(e) => change.mutate({ id: props.job.id, change: { action: 'tick', itemId: c.id, done: e.target.checked }, text: c.text })} />
                <span className={`[overflow-wrap:anywhere] ${c.done ? 'line-through' : ''}`}>{c.text}</span>
              </label>
              {c.done && c.doneBy && <span className="text-xs text-slate-500">{c.doneBy}, {c.doneAt ? formatWhen(c.doneAt) : ''}</span>}
              {editable && (
                <button type="button" aria-label={`Remove ${c.text}`} className="inline-flex h-11 w-11 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-red-700 dark:hover:bg-slate-800" onClick={() => setRemoving(c.id)}>
                  <Trash2 aria-hidden className="h-5 w-5" />
                </button>
              )}
            </div>
            {removing === c.id && (
              <div role="alertdialog" aria-label={`Remove “${c.text}”?`} className="mb-1 flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 p-2 text-red-950 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
                <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">Remove “{c.text}” from the checklist?</p>
                <button
                  type="button"
                  className="min-h-11 rounded-md bg-red-700 px-3 text-sm font-semibold text-white hover:bg-red-800"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ id: props.job.id, change: { action: 'remove', itemId: c.id }, text: c.text }, { onSuccess: () => setRemoving(null) })}
                >
                  Remove
                </button>
                <button type="button" className={`${secondary} min-h-11`} onClick={() => setRemoving(null)}>
                  Keep it
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) change.mutate({ id: props.job.id, change: { action: 'add', text }, text }, { onSuccess: () => setText('') });
          }}
        >
          <input className={`${input} flex-1`} aria-label="New checklist item" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} placeholder="Add an item" />
          <button type="submit" className={secondary} disabled={!text.trim()}>
            Add
          </button>
        </form>
      )}
      {change.isError && <p role="alert" className="mt-1 text-sm text-red-700">{change.error.message}</p>}
    </section>
  );
}

function Materials(props: { job: JobDto; canEdit: boolean; canEditJob: boolean }) {
  const [adding, setAdding] = useState(false);
  const allowed = props.job.status === 'scheduled' || props.job.status === 'in-progress' || props.job.status === 'on-hold';
  return (
    <section aria-label="Materials">
      <h3 className={h3}>Materials used</h3>
      {props.job.materials.length === 0 ? (
        <p className="text-sm text-slate-500">None recorded.</p>
      ) : (
        <table className="min-w-full text-left text-sm">
          <thead>
            <tr>
              <th className="pr-2">Item</th>
              <th className="pr-2 text-right">Qty</th>
              <th className="pr-2">Serials</th>
              <th>By</th>
            </tr>
          </thead>
          <tbody>
            {props.job.materials.map((m) => (
              <tr key={m.movementId} className="border-t border-slate-100 dark:border-slate-800">
                <td className="pr-2">
                  <span className="font-mono">{m.sku}</span> {m.name}
                </td>
                <td className="pr-2 text-right tabular-nums">{m.quantity}</td>
                <td className="pr-2 font-mono text-xs">{m.serials.join(', ')}</td>
                <td>
                  {m.by}, {formatWhen(m.at)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.canEditJob && allowed && !props.canEdit && <p className="mt-1 text-xs text-slate-500">Recording materials needs access to the inventory list.</p>}
      {props.canEdit && allowed && !adding && (
        <button type="button" className={`${secondary} mt-2`} onClick={() => setAdding(true)}>
          Record material
        </button>
      )}
      {adding && <MaterialForm jobId={props.job.id} onDone={() => setAdding(false)} />}
    </section>
  );
}

function Photos(props: { job: JobDto; canEdit: boolean }) {
  const upload = usePhotoUpload(props.job.id);
  const open = props.job.status !== 'completed' && props.job.status !== 'cancelled';
  return (
    <section aria-label="Photos">
      <h3 className={h3}>Photos</h3>
      {props.job.photos.length === 0 && <p className="text-sm text-slate-500">No photos yet.</p>}
      <ul className="flex flex-wrap gap-2">
        {props.job.photos.map((p) => (
          <li key={p.id}>
            <a href={`/api/jobs/${props.job.id}/photos/${p.id}`} target="_blank" rel="noreferrer">
              <img src={`/api/jobs/${props.job.id}/photos/${p.id}`} alt={p.fileName ?? 'Job photo'} className="h-24 w-24 rounded object-cover" loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
      {props.canEdit && open && (
        <label className="mt-2 inline-block text-sm">
          <span className={secondary}>{upload.isPending ? 'Uploading…' : 'Add photo'}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic"
            className="sr-only"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) upload.mutate(f);
              e.target.value = '';
            }}
          />
        </label>
      )}
      {upload.isError && <p role="alert" className="mt-1 text-sm text-red-700">{upload.error.message} {Object.values((upload.error as { fields?: Record<string, string[]> }).fields ?? {}).flat().join(' ')}</p>}
    </section>
  );
}

function SignOffSection(props: { job: JobDto; canEdit: boolean }) {
  const sign = useSignOff(props.job.id);
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  // A signed job shows its signature; a new one is taken only after "Replace signature".
  const [replacing, setReplacing] = useState(false);
  const s = props.job.signOff;
  const canSign = props.canEdit && (props.job.status === 'in-progress' || props.job.status === 'on-hold');
  const showForm = canSign && (s === null || replacing);
  return (
    <section aria-label="Customer sign-off">
      <h3 className={h3}>Customer sign-off</h3>
      {s ? (
        <div className="text-sm">
          <p>
            Signed by <strong>{s.name}</strong> on {formatWhen(s.at)} (recorded by {s.recordedBy}).
          </p>
          <img src={`/api/jobs/${props.job.id}/signature`} alt={`Signature of ${s.name}`} className="mt-1 h-20 max-w-full rounded border border-slate-200 bg-white" />
          {hasSignOffDocument(props.job) ? (
            <a className={`${secondary} mt-2 inline-flex min-h-11 items-center gap-1`} href={signOffPdfHref(props.job.id)} download>
              <Download aria-hidden className="h-4 w-4" /> Sign-off (PDF)
            </a>
          ) : (
            props.job.status !== 'cancelled' && <p className="mt-1 text-slate-500">The sign-off PDF is made when the job is completed.</p>
          )}
          {canSign && !replacing && (
            <button type="button" className={`${secondary} mt-2 min-h-11`} onClick={() => setReplacing(true)}>
              Replace signature
            </button>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-500">Not signed yet{['install', 'trim-out', 'panel-upgrade'].includes(props.job.type) ? ' (required to complete this job).' : '.'}</p>
      )}
      {showForm && (
        <form
          className="mt-2 space-y-2"
          aria-label={s ? 'Replace signature' : 'Sign-off'}
          onSubmit={(e) => {
            e.preventDefault();
            if (signature)
              sign.mutate(
                { name, signature, replace: s !== null },
                {
                  onSuccess: () => {
                    setSignature(null);
                    setReplacing(false);
                  },
                },
              );
          }}
        >
          {s && (
            <p role="note" className="rounded-md bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              The new signature replaces {s.name}'s. The job's history keeps both names.
            </p>
          )}
          <label className="block text-sm">
            Customer name
            <input className={`${input} mt-1 block w-full max-w-sm`} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
          </label>
          <SignaturePad label="Customer signature" onChange={setSignature} />
          {sign.isError && <p role="alert" className="text-sm text-red-700">{sign.error.message}</p>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={`${button} min-h-11`} disabled={!signature || name.trim().length < 2 || sign.isPending}>
              {sign.isPending ? 'Saving…' : s ? 'Save the new signature' : 'Save sign-off'}
            </button>
            {s && (
              <button type="button" className={`${secondary} min-h-11`} onClick={() => setReplacing(false)}>
                Keep {s.name}'s signature
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

function DetailsForm(props: { job: JobDto }) {
  const save = useUpdateJob(props.job.id);
  const defaults = { title: props.job.title, type: props.job.type, notes: props.job.notes };
  const form = useForm<UpdateJobRequest>({ resolver: zodResolver(updateJobSchema), defaultValues: defaults });
  const { register, handleSubmit, formState, reset } = form;
  useUnsavedChangesWarning(formState.isDirty);
  const open = props.job.status !== 'completed' && props.job.status !== 'cancelled';
  if (!open) return props.job.notes ? <p className="mt-6 whitespace-pre-wrap text-sm">{props.job.notes}</p> : null;
  return (
    <form
      aria-label="Job details"
      className="mt-6 space-y-3"
      onSubmit={handleSubmit((v) =>
        save.mutate(v, {
          onSuccess: (saved) => reset({ title: saved.title, type: saved.type, notes: saved.notes }),
          onError: (err) => showServerErrors(err, form.setError),
        }),
      )}
    >
      <h3 className="text-lg font-semibold">Details</h3>
      <Field label="Title" id="job-title" error={formState.errors.title?.message} required>
        <input id="job-title" {...register('title')} />
      </Field>
      <Field label="Type" id="job-type" error={formState.errors.type?.message}>
        <select id="job-type" {...register('type')}>
          <JobTypeOptions />
        </select>
      </Field>
      <Field label="Notes" id="job-notes" error={formState.errors.notes?.message}>
        <textarea id="job-notes" rows={4} {...register('notes')} />
      </Field>
      <FormError error={rootNotAtField(formState.errors)} />
      <button type="submit" className={button} disabled={!formState.isDirty || save.isPending}>
        {save.isPending ? 'Saving…' : 'Save details'}
      </button>
    </form>
  );
}
