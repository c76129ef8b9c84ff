import { dateTimeFormat } from '#domain/shared/intl-format.ts';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { JobSummaryDto } from '#contracts/jobs.ts';
import { STATUS_COLOURS, type JobStatus } from './job-format.ts';
import { calendarQuery, type JobFilters } from './queries.ts';
import { formatTime, fromLocalInput, useCompanyTimeZone } from '#ui/dates.ts';

const FIRST_HOUR = 6;
const LAST_HOUR = 21;
const HOUR_PX = 40;

/** Monday 00:00 (local) of the week holding `day`. */
export function weekStart(day: Date): Date {
  const d = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d;
}

const dayLabel = dateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

/** A column's calendar day ("2026-11-25"); the column Dates are days, not instants. */
const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
/** Midnight starting that day in the company's time zone, the zone visit times are shown in. */
const companyMidnight = (day: Date): number => Date.parse(fromLocalInput(`${dayKey(day)}T00:00`)!);
const nextDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);

/** The part of a job inside one day, as top/height in pixels of the hour grid. */
function placement(job: JobSummaryDto, day: Date): { top: number; height: number } | null {
  const dayStart = companyMidnight(day);
  const s = Math.max(Date.parse(job.scheduledStart!), dayStart);
  const e = Math.min(Date.parse(job.scheduledEnd!), companyMidnight(nextDay(day)));
  if (e <= s) return null;
  const hours = (t: number) => Math.min(Math.max((t - dayStart) / 3_600_000, FIRST_HOUR), LAST_HOUR);
  const top = (hours(s) - FIRST_HOUR) * HOUR_PX;
  return { top, height: Math.max((hours(e) - hours(s)) * HOUR_PX, 22) };
}

/** A week of scheduled jobs on an hour grid (06:00–21:00), one column per day. */
export function WeekCalendar(props: {
  week: Date;
  onWeek: (week: Date) => void;
  filters: JobFilters;
  names: Map<string, string>;
  onOpen: (id: string) => void;
}) {
  useCompanyTimeZone(); // times are shown in the company's zone: render again when it arrives
  const from = props.week;
  const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 7);
  const cal = useQuery(calendarQuery(new Date(companyMidnight(from)).toISOString(), new Date(companyMidnight(to)).toISOString(), props.filters));
  const days = Array.from({ length: 7 }, (_, i) => new Date(from.getFullYear(), from.getMonth(), from.getDate() + i));
  const shift = (n: number) => props.onWeek(new Date(from.getFullYear(), from.getMonth(), from.getDate() + 7 * n));

  return (
    <section aria-label="Week calendar">
      <div className="mb-3 flex items-center gap-2">
        <button type="button" aria-label="Previous week" className="rounded border border-slate-300 p-1 dark:border-slate-700" onClick={() => shift(-1)}>
          <ChevronLeft aria-hidden className="h-4 w-4" />
        </button>
        <button type="button" className="shrink-0 whitespace-nowrap rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700" onClick={() => props.onWeek(weekStart(new Date()))}>
          This week
        </button>
        <button type="button" aria-label="Next week" className="rounded border border-slate-300 p-1 dark:border-slate-700" onClick={() => shift(1)}>
          <ChevronRight aria-hidden className="h-4 w-4" />
        </button>
        <h2 className="ml-2 min-w-0 text-sm font-semibold" data-testid="calendar-range">
          {dayLabel.format(days[0])} – {dayLabel.format(days[6])}
        </h2>
        {cal.isFetching && <span className="text-xs text-slate-500" role="status">Loading…</span>}
      </div>
      {cal.isError && <p role="alert" className="text-red-700">{cal.error.message}</p>}
      {cal.data && cal.data.jobs.length === 0 && <p className="mb-2 text-sm text-slate-500">No jobs scheduled this week.</p>}
      <div className="overflow-x-auto" data-scroll-x>
        <div className="grid min-w-[56rem] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] text-xs">
          <div />
          {days.map((d) => (
            <div key={d.toISOString()} className="border-b border-slate-200 p-1 text-center font-semibold dark:border-slate-700">
              {dayLabel.format(d)}
            </div>
          ))}
          <div className="relative" style={{ height: (LAST_HOUR - FIRST_HOUR) * HOUR_PX }}>
            {Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => (
              <div key={i} className="absolute right-1 text-slate-500" style={{ top: i * HOUR_PX }}>
                {String(FIRST_HOUR + i).padStart(2, '0')}:00
              </div>
            ))}
          </div>
          {days.map((d) => {
            const jobs = (cal.data?.jobs ?? []).map((j) => ({ j, p: placement(j, d) })).filter((x) => x.p !== null);
            return (
              <div
                key={d.toISOString()}
                data-testid={`calendar-day-${d.getDay()}`}
                className="relative border-l border-slate-200 dark:border-slate-700"
                style={{
                  height: (LAST_HOUR - FIRST_HOUR) * HOUR_PX,
                  backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, rgb(148 163 184 / 0.25) ${HOUR_PX - 1}px, rgb(148 163 184 / 0.25) ${HOUR_PX}px)`,
                }}
              >
                {jobs.map(({ j, p }, i) => (
                  <button
                    key={j.id}
                    type="button"
                    onClick={() => props.onOpen(j.id)}
                    className={`absolute overflow-hidden rounded px-1 text-left shadow-sm ${STATUS_COLOURS[j.status as JobStatus]}`}
                    style={{ top: p!.top, height: p!.height, left: `${(i % 2) * 8}%`, right: 2 }}
                    title={`${j.number} ${j.title}`}
                  >
                    <span className="font-semibold">
                      {formatTime(j.scheduledStart!)} {j.number}
                    </span>{' '}
                    {j.title}
                    <span className="block truncate">{j.assignees.map((a) => props.names.get(a) ?? a).join(', ')}</span>
                  </button>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
