import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Coffee, LogIn, LogOut, Play } from 'lucide-react';
import type { MyClockDto } from '#contracts/time.ts';
import { ErrorNote } from '#ui/FormError.tsx';
import { clockTime, spokenDuration } from './format.ts';
import { myJobsQuery, useBreak, useClockIn, useClockOut } from './queries.ts';

const bigButton =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg px-4 py-3 text-base font-semibold disabled:opacity-60 sm:w-auto';

/** Re-renders every 30 s so the running time on the card moves. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/**
 * Clock in (optionally against one of today's jobs), breaks, clock out: the employee's main
 * controls, large enough for a thumb on a phone.
 */
export function ClockCard({ clock, readAt }: { clock: MyClockDto & { week: NonNullable<MyClockDto['week']> }; readAt: number }) {
  const uid = useId();
  const jobs = useQuery(myJobsQuery);
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  const brk = useBreak();
  const [jobId, setJobId] = useState('');
  const [note, setNote] = useState('');
  const now = useNow();
  const open = clock.open;
  const tz = clock.week.timeZone;
  const error = clockIn.error ?? clockOut.error ?? brk.error;
  // Worked so far: the server's figure plus the minutes since it was read (not during a break).
  const sinceRead = open && !open.onBreak ? Math.max(0, Math.floor((now - readAt) / 60_000)) : 0;

  return (
    <section aria-labelledby={`${uid}-h`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={`${uid}-h`} className="text-lg font-semibold text-slate-900 dark:text-white">
        Time clock
      </h2>
      {error && <div className="mt-3"><ErrorNote>{error.message}</ErrorNote></div>}
      {open ? (
        <div className="mt-3 grid gap-4">
          <p role="status" className="text-slate-800 dark:text-slate-200">
            <span className="block text-2xl font-bold text-green-800 dark:text-green-300">{open.onBreak ? 'On a break' : 'Clocked in'}</span>
            since {clockTime(open.clockIn, tz)}
            {open.job && ` on ${[open.job.jobNumber, open.job.jobTitle].filter(Boolean).join(' ')}`} · {spokenDuration(open.workedMinutes + sinceRead)} worked
          </p>
          {open.forgotten && <ErrorNote>This shift has been open a long time. Clock out now; an admin can correct the time.</ErrorNote>}
          <div className="flex flex-col gap-3 sm:flex-row">
            {open.onBreak ? (
              <button type="button" className={`${bigButton} bg-blue-700 text-white hover:bg-blue-800`} disabled={brk.isPending} onClick={() => brk.mutate('end')}>
                <Play aria-hidden className="h-5 w-5" /> End break
              </button>
            ) : (
              <button
                type="button"
                className={`${bigButton} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100`}
                disabled={brk.isPending}
                onClick={() => brk.mutate('start')}
              >
                <Coffee aria-hidden className="h-5 w-5" /> Start break
              </button>
            )}
            <button
              type="button"
              className={`${bigButton} bg-red-700 text-white hover:bg-red-800`}
              disabled={clockOut.isPending}
              onClick={() => clockOut.mutate(note.trim() ? { note } : {}, { onSuccess: () => setNote('') })}
            >
              <LogOut aria-hidden className="h-5 w-5" /> Clock out
            </button>
          </div>
          <label className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Note for this shift (optional)
            <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-700 dark:bg-slate-900" />
          </label>
        </div>
      ) : (
        <div className="mt-3 grid gap-4">
          <p role="status" className="text-slate-700 dark:text-slate-300">
            You are clocked out.
          </p>
          {jobs.data && jobs.data.length > 0 && (
            <label className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Job (optional)
              <select value={jobId} onChange={(e) => setJobId(e.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-700 dark:bg-slate-900">
                <option value="">No particular job</option>
                {jobs.data.map((j) => (
                  <option key={j.id} value={j.id}>
                    {[j.number, j.title].filter(Boolean).join(' · ')}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            className={`${bigButton} bg-green-700 text-white hover:bg-green-800`}
            disabled={clockIn.isPending}
            onClick={() => {
              clockIn.mutate(jobId ? { jobId } : {});
            }}
          >
            <LogIn aria-hidden className="h-5 w-5" /> Clock in
          </button>
        </div>
      )}
    </section>
  );
}
