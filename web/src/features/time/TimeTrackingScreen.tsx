import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { clsx } from 'clsx';
import type { TimesheetRowDto } from '#contracts/time.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { EmptyState } from '#ui/EmptyState.tsx';
import { ErrorNote } from '#ui/FormError.tsx';
import { hoursMinutes, spokenDuration, weekdayLabel, shortDayLabel } from './format.ts';
import { timesheetsQuery } from './queries.ts';
import { WeekPicker } from './WeekPicker.tsx';
import { EmployeeWeekPanel } from './EmployeeWeekPanel.tsx';
import { CsvExport } from './CsvExport.tsx';
import { stacked, stackedCell } from '#ui/stacked-table.ts';

/**
 * The Hours tab of /admin/employees (issue 6): everyone's week at a glance (employees × days,
 * totals, overtime, forgotten clock-outs, approval), one employee's entries to correct and
 * approve, and the payroll CSV.
 */
export function TimeTrackingScreen() {
  // null: the current week, which only the server knows for sure (company time zone).
  const [week, setWeek] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const current = useQuery(timesheetsQuery(null));
  const sheet = useQuery(timesheetsQuery(week));
  const data = sheet.data;
  const thisWeek = current.data?.weekStart ?? null;
  const shown = week ?? thisWeek;

  return (
    <div className="grid gap-6">
      <PageHeading title="Time tracking">Weekly timesheets: hours per day, overtime, forgotten clock-outs and approvals.</PageHeading>
      <div className="flex flex-wrap items-end justify-between gap-4">
        {shown && thisWeek && (
          <WeekPicker
            week={shown}
            thisWeek={thisWeek}
            onChange={(w) => {
              setWeek(w === thisWeek ? null : w);
              setSelected(null);
            }}
          />
        )}
        <CsvExport key={shown ?? 'current'} week={shown} />
      </div>

      {sheet.isError && <ErrorNote>{sheet.error.message}</ErrorNote>}
      {sheet.isPending && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading timesheets…
        </p>
      )}
      {data && data.rows.length === 0 && <EmptyState title="No employees to show for this week.">Active employees and anyone with hours that week appear here.</EmptyState>}
      {data && data.rows.length > 0 && (
        // On a phone each employee's week is a card ("Mon 23 Nov … 8:05"), so nothing scrolls sideways; wider screens scroll a table too wide for them.
        <div className="rounded-lg border border-slate-200 sm:overflow-x-auto dark:border-slate-800" data-scroll-x>
          <table className={`${stacked.table} sm:min-w-[48rem]`}>
            <caption className="sr-only">Hours per employee and day, week of {data.weekStart}</caption>
            <thead className={`${stacked.head} bg-slate-50 text-left text-slate-700 dark:bg-slate-900 dark:text-slate-300`}>
              <tr>
                <th scope="col" className="px-3 py-2">
                  Employee
                </th>
                {data.days.map((d) => (
                  <th key={d} scope="col" className="px-2 py-2 text-right">
                    {weekdayLabel(d)}
                    <span className="block text-xs font-normal">{shortDayLabel(d)}</span>
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-right">
                  Total
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Overtime
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className={stacked.body}>
              {data.rows.map((r) => (
                <Row key={r.employeeId} row={r} selected={selected === r.employeeId} onOpen={() => setSelected(r.employeeId)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Times in {data.timeZone}. Overtime counts hours beyond {data.overtimeWeeklyHours} in a week. A shift counts on the day it started.
        </p>
      )}
      {selected && data && <EmployeeWeekPanel key={`${selected}-${data.weekStart}`} employeeId={selected} week={data.weekStart} onClose={() => setSelected(null)} />}
    </div>
  );
}

function Row({ row, selected, onOpen }: { row: TimesheetRowDto; selected: boolean; onOpen: () => void }) {
  return (
    <tr className={clsx(stacked.row, 'border-t border-slate-200 max-sm:first:border-t-0 dark:border-slate-800', selected && 'bg-blue-50 dark:bg-blue-950')}>
      <th scope="row" {...stackedCell(undefined, 'px-3 py-2 text-left font-medium')}>
        <button type="button" onClick={onOpen} className="text-blue-700 hover:underline dark:text-blue-400" aria-expanded={selected}>
          {row.employeeName}
        </button>
      </th>
      {row.days.map((d) => (
        <td key={d.date} {...stackedCell(`${weekdayLabel(d.date)} ${shortDayLabel(d.date)}`, 'px-2 py-2 text-right tabular-nums')} aria-label={d.minutes ? `${weekdayLabel(d.date)} ${spokenDuration(d.minutes)}` : undefined}>
          {d.minutes ? hoursMinutes(d.minutes) : <span className="text-slate-400">–</span>}
        </td>
      ))}
      <td {...stackedCell('Total', 'px-2 py-2 text-right font-semibold tabular-nums')}>{hoursMinutes(row.totalMinutes)}</td>
      <td {...stackedCell('Overtime', clsx('px-2 py-2 text-right tabular-nums', row.overtimeMinutes > 0 && 'font-semibold text-amber-800 dark:text-amber-300'))}>
        {row.overtimeMinutes > 0 ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 dark:bg-amber-950" title="Overtime">
            +{hoursMinutes(row.overtimeMinutes)}
          </span>
        ) : (
          <span className="text-slate-400">–</span>
        )}
      </td>
      <td {...stackedCell('Status', 'px-3 py-2')}>
        <span className="flex flex-wrap justify-end gap-1 sm:justify-start">
          {row.forgotten > 0 && (
            <span className="inline-flex items-center gap-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
              <AlertTriangle aria-hidden className="h-3 w-3" /> Forgot to clock out
            </span>
          )}
          {row.open && row.forgotten === 0 && <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-200">Clocked in</span>}
          {row.approved ? (
            <span className="inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100">
              <CheckCircle2 aria-hidden className="h-3 w-3" /> Approved{row.unapproved > 0 ? ` · ${row.unapproved} new` : ''}
            </span>
          ) : (
            row.days.some((d) => d.entries > 0) && <span className="text-xs text-slate-600 dark:text-slate-400">Not approved</span>
          )}
        </span>
      </td>
    </tr>
  );
}
