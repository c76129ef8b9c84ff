import { useId } from 'react';
import type { EmployeeWeekDto } from '#contracts/time.ts';
import { hoursMinutes, spokenDuration, weekdayLabel } from './format.ts';

/** Hours this week: one bar per day (scaled to the longest day, at least 8 h) and the total. */
export function WeekBars({ week, today }: { week: EmployeeWeekDto; today: string }) {
  const uid = useId();
  const { row } = week;
  const scale = Math.max(8 * 60, ...row.days.map((d) => d.minutes));
  return (
    <section aria-labelledby={`${uid}-h`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${uid}-h`} className="text-lg font-semibold text-slate-900 dark:text-white">
          Hours this week
        </h2>
        <p className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white" aria-label={`Total ${spokenDuration(row.totalMinutes)}`}>
          {hoursMinutes(row.totalMinutes)}
        </p>
      </div>
      {row.overtimeMinutes > 0 && <p className="text-sm font-medium text-amber-800 dark:text-amber-300">Including {spokenDuration(row.overtimeMinutes)} overtime</p>}
      {row.approved && <p className="text-sm text-slate-600 dark:text-slate-400">Approved{row.approvedBy ? ` by ${row.approvedBy}` : ''}</p>}
      <ol className="mt-4 grid grid-cols-7 items-end gap-1.5" aria-label="Hours per day">
        {row.days.map((d) => (
          <li key={d.date} className="flex flex-col items-center gap-1" aria-label={`${weekdayLabel(d.date)}: ${spokenDuration(d.minutes)}`}>
            <span aria-hidden className="text-xs tabular-nums text-slate-600 dark:text-slate-400">
              {d.minutes ? hoursMinutes(d.minutes) : ''}
            </span>
            <span aria-hidden className="flex h-24 w-full items-end rounded bg-slate-100 dark:bg-slate-800">
              <span
                className={`block w-full rounded ${d.date === today ? 'bg-blue-700' : 'bg-blue-400 dark:bg-blue-600'}`}
                style={{ height: `${Math.round((d.minutes / scale) * 100)}%` }}
              />
            </span>
            <span aria-hidden className={`text-xs ${d.date === today ? 'font-bold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-400'}`}>
              {weekdayLabel(d.date)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
