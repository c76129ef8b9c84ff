import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Lock, Pencil, Plus } from 'lucide-react';
import type { TimeEntryDto } from '#contracts/time.ts';
import { instantToWallTime } from '#domain/time/zoned-week.ts';
import { Button } from '#ui/Button.tsx';
import { EmptyState } from '#ui/EmptyState.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { inputClass } from '#ui/styles.ts';
import { History } from '#ui/History.tsx';
import { clockTime, hoursMinutes, longDayLabel, weekLabel } from './format.ts';
import { employeeWeekQuery, useApproveWeek, useUnlockWeek } from './queries.ts';
import { EntryEditForm } from './EntryEditForm.tsx';

const FIELD_LABELS: Record<string, string> = { clockIn: 'Clock in', clockOut: 'Clock out', breaks: 'Breaks', note: 'Note' };

/** One employee's week: entries with their edit history, corrections, approve and unlock. */
export function EmployeeWeekPanel(props: { employeeId: string; week: string; onClose: () => void }) {
  const uid = useId();
  const q = useQuery(employeeWeekQuery(props.employeeId, props.week));
  const approve = useApproveWeek(props.employeeId);
  const unlock = useUnlockWeek(props.employeeId);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addDay, setAddDay] = useState<string | null>(null);
  const [unlocking, setUnlocking] = useState(false);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (q.isPending) return <p role="status">Loading entries…</p>;
  if (q.isError) return <ErrorNote>{q.error.message}</ErrorNote>;
  const { row, entries, timeZone, approval } = q.data;
  const actionError = approve.error ?? unlock.error;
  const approveNow = () =>
    approve.mutate(props.week, {
      onSuccess: (week) => {
        setConfirming(false);
        const through = week.row.lockedThrough;
        const openDays = through !== null && through < q.data.days.at(-1)! ? ` Days after ${longDayLabel(through)} stay open for clocking in.` : '';
        setMessage(`Approved ${row.employeeName}'s week. Its entries so far are locked.${openDays}`);
      },
    });
  // Days a missed shift may still be added on: all while not approved, those after the locked ones once approved.
  const openDays = q.data.days.filter((d) => !row.approved || (row.lockedThrough !== null && d > row.lockedThrough));

  return (
    <section aria-labelledby={`${uid}-h`} className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${uid}-h`} className="text-xl font-semibold text-slate-900 dark:text-white">
            {row.employeeName} · {weekLabel(row.weekStart)}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {hoursMinutes(row.totalMinutes)} h worked
            {row.overtimeMinutes > 0 && <strong className="text-amber-800 dark:text-amber-300"> · {hoursMinutes(row.overtimeMinutes)} h overtime</strong>}
            {row.approved && row.approvedBy && ` · approved by ${row.approvedBy}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {row.approved && (
            <Button variant="secondary" onClick={() => setUnlocking(true)} disabled={unlocking}>
              Unlock week
            </Button>
          )}
          {(!row.approved || row.unapproved > 0) && (
            <Button
              disabled={approve.isPending || row.open || entries.length === 0 || confirming}
              title={row.open ? 'Someone is still clocked in on this week' : undefined}
              onClick={() => (row.openWeekWarning ? setConfirming(true) : approveNow())}
            >
              {row.approved ? 'Approve new entries' : 'Approve week'}
            </Button>
          )}
          <Button variant="ghost" onClick={props.onClose}>
            Close
          </Button>
        </div>
      </div>
      {row.approved && row.unapproved > 0 && (
        <p className="text-sm text-amber-900 dark:text-amber-200">
          {row.unapproved} {row.unapproved === 1 ? 'entry was' : 'entries were'} added after the approval, on days it left open; approve them when the week is done.
        </p>
      )}
      {confirming && row.openWeekWarning && (
        <div role="alertdialog" aria-label="Approve a week that has not ended" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
          <p>{row.openWeekWarning}</p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={approve.isPending} onClick={approveNow}>
              Approve entries so far
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Not yet
            </Button>
          </div>
        </div>
      )}
      {message && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {message}
        </p>
      )}
      {actionError && <ErrorNote>{actionError.message}</ErrorNote>}
      {unlocking && (
        <form
          aria-label="Unlock week"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(ev) => {
            ev.preventDefault();
            unlock.mutate(
              { week: props.week, reason },
              {
                onSuccess: () => {
                  setUnlocking(false);
                  setReason('');
                  setMessage('Week unlocked: entries can be corrected, then approved again.');
                },
              },
            );
          }}
        >
          <label className="grow text-sm font-medium text-slate-800 dark:text-slate-200">
            Reason for unlocking
            <input value={reason} onChange={(e) => setReason(e.target.value)} className={`${inputClass} mt-1 block w-full`} required minLength={3} />
          </label>
          <Button type="submit" disabled={unlock.isPending}>
            Unlock
          </Button>
          <Button variant="secondary" onClick={() => setUnlocking(false)}>
            Cancel
          </Button>
        </form>
      )}
      {openDays.length > 0 &&
        (adding ? (
          <EntryEditForm entry={null} employeeId={props.employeeId} day={addDay ?? openDays[0]!} timeZone={timeZone} onDone={() => setAdding(false)} />
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Day of a missed shift
              <select value={addDay ?? openDays[0]} onChange={(ev) => setAddDay(ev.target.value)} className={`${inputClass} mt-1 block`}>
                {openDays.map((d) => (
                  <option key={d} value={d}>
                    {longDayLabel(d)}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="secondary" onClick={() => setAdding(true)}>
              <Plus aria-hidden className="h-4 w-4" /> Add shift
            </Button>
          </div>
        ))}
      {entries.length === 0 ? (
        <EmptyState title="No time recorded this week." />
      ) : (
        <ol className="grid gap-3" aria-label="Entries">
          {entries.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
              <EntrySummary entry={e} timeZone={timeZone} />
              {e.status === 'approved' || e.status === 'locked' ? (
                <p className="mt-2 inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
                  <Lock aria-hidden className="h-3 w-3" /> Locked by the week's approval
                </p>
              ) : editing === e.id ? (
                <div className="mt-3">
                  <EntryEditForm entry={e} employeeId={props.employeeId} day={e.date} timeZone={timeZone} onDone={() => setEditing(null)} />
                </div>
              ) : (
                <Button variant="ghost" className="mt-1" onClick={() => setEditing(e.id)} aria-label={`Edit entry of ${e.date}`}>
                  <Pencil aria-hidden className="h-4 w-4" /> Edit
                </Button>
              )}
              {e.history.length > 0 && (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Edit history ({e.history.length})</summary>
                  <div className="mt-2">
                    <History
                      entries={e.history}
                      label={`Edit history of ${e.date}`}
                      timeZone={timeZone}
                      actionLabel={(a) => (a === 'add' ? 'Added' : 'Edited')}
                      fieldLabel={(f) => FIELD_LABELS[f]}
                      valueLabel={(f, v) => show(f, v, timeZone)}
                    />
                  </div>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
      {approval && approval.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Approval history</summary>
          <div className="mt-2">
            <History entries={approval.history} label="Approval history" timeZone={timeZone} actionLabel={(a) => (a === 'approve' ? 'Approved' : 'Unlocked')} showChanges={() => false} />
          </div>
        </details>
      )}
    </section>
  );
}

function show(field: string, v: string | number | boolean | null, timeZone: string): string {
  if (v === null || v === '') return '—';
  if ((field === 'clockIn' || field === 'clockOut') && typeof v === 'string') {
    const wall = instantToWallTime(new Date(v), timeZone);
    return `${longDayLabel(wall.slice(0, 10))} ${wall.slice(11)}`;
  }
  if (field === 'breaks' && typeof v === 'string') return v.split(', ').map((b) => b.split('–').map((t) => (t === 'running' ? 'running' : clockTime(t, timeZone))).join('–')).join(', ');
  return String(v);
}

function EntrySummary({ entry: e, timeZone }: { entry: TimeEntryDto; timeZone: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <div>
        <p className="font-medium text-slate-900 dark:text-slate-100">
          {longDayLabel(e.date)}: {clockTime(e.clockIn, timeZone)}–{e.clockOut ? clockTime(e.clockOut, timeZone) : 'still clocked in'}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {hoursMinutes(e.workedMinutes)} h worked{e.breakMinutes > 0 && ` · ${e.breakMinutes} min break`}
          {e.job && ` · ${[e.job.jobNumber, e.job.jobTitle].filter(Boolean).join(' ')}`}
          {e.note && ` · ${e.note}`}
        </p>
      </div>
      {e.forgotten && (
        <span className="inline-flex items-center gap-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          <AlertTriangle aria-hidden className="h-3 w-3" /> Forgot to clock out
        </span>
      )}
    </div>
  );
}
