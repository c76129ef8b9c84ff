import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { addDays } from '#domain/time/zoned-week.ts';
import { inputClass } from '#ui/styles.ts';

const MAX_DAYS = 93;
const linkClass =
  'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Payroll CSV: the week on screen or a date range (up to 93 days), every entry or weekly totals. */
export function CsvExport({ week }: { week: string | null }) {
  const uid = useId();
  const [kind, setKind] = useState<'entries' | 'summary'>('entries');
  const [period, setPeriod] = useState<'week' | 'range'>('week');
  const [from, setFrom] = useState(week ?? '');
  const [to, setTo] = useState(week ? addDays(week, 6) : '');
  const rangeError =
    period !== 'range' ? null : !from || !to ? 'Pick both dates.' : to < from ? 'The range ends before it starts.' : addDays(from, MAX_DAYS - 1) < to ? `At most ${MAX_DAYS} days.` : null;
  const query = period === 'week' ? (week ? `week=${week}` : '') : `from=${from}&to=${to}`;

  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">Export for payroll</legend>
      <Choice label="Export" value={kind} onChange={setKind} options={{ entries: 'Every entry', summary: 'Weekly totals' }} />
      <Choice label="Period" value={period} onChange={setPeriod} options={{ week: 'Week shown', range: 'Date range' }} />
      {period === 'range' && (
        <>
          <label className="text-sm font-medium text-slate-800 dark:text-slate-200">
            From
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} className={`${inputClass} mt-1 block`} aria-describedby={rangeError ? `${uid}-err` : undefined} />
          </label>
          <label className="text-sm font-medium text-slate-800 dark:text-slate-200">
            To
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} className={`${inputClass} mt-1 block`} aria-describedby={rangeError ? `${uid}-err` : undefined} />
          </label>
        </>
      )}
      {rangeError ? (
        <span className={`${linkClass} cursor-not-allowed opacity-60`} aria-disabled="true">
          <Download aria-hidden className="h-4 w-4" /> Download CSV
        </span>
      ) : (
        <a href={`/api/time/export.csv?${query}${query ? '&' : ''}kind=${kind}`} download className={linkClass}>
          <Download aria-hidden className="h-4 w-4" /> Download CSV
        </a>
      )}
      {rangeError && (
        <p id={`${uid}-err`} className="w-full text-sm text-red-700 dark:text-red-400">
          {rangeError}
        </p>
      )}
    </fieldset>
  );
}

function Choice<T extends string>(props: { label: string; value: T; onChange: (v: T) => void; options: Record<T, string> }) {
  return (
    <label className="text-sm font-medium text-slate-800 dark:text-slate-200">
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as T)} className={`${inputClass} mt-1 block`}>
        {(Object.entries(props.options) as [T, string][]).map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
