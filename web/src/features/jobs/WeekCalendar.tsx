import { dateTimeFormat } from '#domain/shared/intl-format.ts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ChevronLeft, ChevronRight } from 'lucide-react';
import type { JobSummaryDto } from '#contracts/jobs.ts';
import { STATUS_COLOURS, statusLabel, type JobStatus } from './job-format.ts';
import { calendarQuery, type JobFilters } from './queries.ts';
import { addDays, isDateKey, weekdayIndex, weekStartOf } from '#domain/time/zoned-week.ts';
import { dayOf, formatTime, formatWindow, fromLocalInput, todayIso, useCompanyTimeZone } from '#ui/dates.ts';

/** The grid's usual hours (06:00–21:00); a week with an earlier or later visit widens it to show it. */
const FIRST_HOUR = 6;
const LAST_HOUR = 21;
const HOUR_PX = 40;

/** The hours the grid shows: from `first` up to `last` (0–24). */
export interface HourRange {
  first: number;
  last: number;
}

/**
 * Weeks and days are calendar days of the company's time zone ("2026-11-23"), never the browser's
 * local dates: a dispatcher's laptop on another zone (or a phone abroad) sees the company's week,
 * its "This week" and the visits at the hours the customer was told.
 */
const dayLabel = dateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const labelOf = (day: string) => dayLabel.format(new Date(`${day}T12:00:00Z`));
/** An hour of the grid's axis as the locale writes it ("6 AM" in en-US, "06" elsewhere), like the visits' times. */
const hourLabel = dateTimeFormat(undefined, { hour: 'numeric', timeZone: 'UTC' });
const axisLabel = (hour: number) => hourLabel.format(new Date(Date.UTC(2026, 0, 1, hour)));
/** Midnight starting that day in the company's time zone, the zone visit times are shown in. */
const companyMidnight = (day: string): number => Date.parse(fromLocalInput(`${day}T00:00`)!);

/**
 * A visit's status in words, not by its colour alone: every status but the usual "Scheduled"
 * ("Completed", "In progress", "Cancelled", "On hold") is written on the visit.
 */
const statusWords = (status: string): string | null => (status === 'scheduled' ? null : statusLabel(status));

/** The mark on a double-booked visit: the drawer's warning word, with its icon. */
function DoubleBooked(props: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-0.5 font-semibold text-amber-900 dark:text-amber-200" title="An assignee is on another job at the same time">
      <AlertTriangle aria-hidden className="h-3 w-3 shrink-0" />
      {props.compact ? <span className="sr-only">Double-booked</span> : 'Double-booked'}
    </span>
  );
}

/**
 * The hours the week's grid needs: 06:00–21:00, widened to the whole hour of any visit that starts
 * earlier or ends later on its day (an alarm call-out at 3 AM). A visit running past midnight into
 * the next day does not stretch the grid to 24 hours: its parts fill the columns' usual hours.
 */
export function gridHours(jobs: readonly { scheduledStart: string | null; scheduledEnd: string | null }[], days: readonly string[], midnight: (day: string) => number = companyMidnight): HourRange {
  let first = FIRST_HOUR;
  let last = LAST_HOUR;
  for (const day of days) {
    const dayStart = midnight(day);
    const dayEnd = midnight(addDays(day, 1));
    for (const j of jobs) {
      if (!j.scheduledStart || !j.scheduledEnd) continue;
      const s = Date.parse(j.scheduledStart);
      const e = Date.parse(j.scheduledEnd);
      if (s >= dayStart && s < dayEnd) first = Math.min(first, Math.floor((s - dayStart) / 3_600_000));
      if (e > dayStart && e <= dayEnd) last = Math.max(last, Math.ceil((e - dayStart) / 3_600_000));
    }
  }
  return { first, last: Math.min(last, 24) };
}

/** The part of a job inside one day, as top/height in pixels of the hour grid showing `range`. */
function placement(job: JobSummaryDto, day: string, range: HourRange): { top: number; height: number } | null {
  const dayStart = companyMidnight(day);
  const s = Math.max(Date.parse(job.scheduledStart!), dayStart);
  const e = Math.min(Date.parse(job.scheduledEnd!), companyMidnight(addDays(day, 1)));
  if (e <= s) return null;
  const hours = (t: number) => Math.min(Math.max((t - dayStart) / 3_600_000, range.first), range.last);
  const top = (hours(s) - range.first) * HOUR_PX;
  return { top, height: Math.max((hours(e) - hours(s)) * HOUR_PX, 22) };
}

/**
 * Side-by-side lanes for a day's visits: overlapping visits (a double booking a dispatcher must
 * see) share the column's width instead of covering each other. Each visit gets its lane and how
 * many lanes its group of overlapping visits needs.
 */
export function dayLanes<T extends { p: { top: number; height: number } }>(items: readonly T[]): (T & { lane: number; lanes: number })[] {
  const sorted = [...items].sort((a, b) => a.p.top - b.p.top || b.p.height - a.p.height);
  const out: (T & { lane: number; lanes: number })[] = [];
  let group: (T & { lane: number; lanes: number })[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const close = () => {
    for (const x of group) x.lanes = laneEnds.length;
    out.push(...group);
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    const top = item.p.top;
    const bottom = top + item.p.height;
    if (top >= groupEnd) {
      close();
      groupEnd = -Infinity;
    }
    let lane = laneEnds.findIndex((end) => end <= top);
    if (lane === -1) lane = laneEnds.push(bottom) - 1;
    else laneEnds[lane] = bottom;
    group.push({ ...item, lane, lanes: 1 });
    groupEnd = Math.max(groupEnd, bottom);
  }
  close();
  return out;
}

/**
 * A week of scheduled jobs: on a laptop an hour grid (06:00–21:00), one column per day; on a
 * phone the same week as a list, day under day, so nothing scrolls sideways.
 */
export function WeekCalendar(props: {
  /** A day of the week to show, a calendar day of the company's zone ("2026-11-23"); this week when left out. */
  week: string | undefined;
  onWeek: (week: string) => void;
  filters: JobFilters;
  names: Map<string, string>;
  onOpen: (id: string) => void;
}) {
  useCompanyTimeZone(); // times are shown in the company's zone: render again when it arrives
  const from = weekStartOf(props.week !== undefined && isDateKey(props.week) ? props.week : todayIso());
  const cal = useQuery(calendarQuery(new Date(companyMidnight(from)).toISOString(), new Date(companyMidnight(addDays(from, 7))).toISOString(), props.filters));
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const shift = (n: number) => props.onWeek(addDays(from, 7 * n));
  const today = todayIso();
  const empty = cal.data !== undefined && cal.data.jobs.length === 0;
  const clashes = new Set(cal.data?.doubleBooked ?? []);
  const range = gridHours(cal.data?.jobs ?? [], days);

  return (
    <section aria-label="Week calendar">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <button type="button" aria-label="Previous week" className="rounded border border-slate-300 p-1 dark:border-slate-700" onClick={() => shift(-1)}>
          <ChevronLeft aria-hidden className="h-4 w-4" />
        </button>
        <button type="button" className="shrink-0 whitespace-nowrap rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700" onClick={() => props.onWeek(weekStartOf(todayIso()))}>
          This week
        </button>
        <button type="button" aria-label="Next week" className="rounded border border-slate-300 p-1 dark:border-slate-700" onClick={() => shift(1)}>
          <ChevronRight aria-hidden className="h-4 w-4" />
        </button>
        <h2 className="ml-2 min-w-0 text-sm font-semibold max-sm:ml-0 max-sm:basis-full" data-testid="calendar-range">
          {labelOf(days[0]!)} – {labelOf(days[6]!)}
        </h2>
        {cal.isFetching && <span className="text-xs text-slate-500" role="status">Loading…</span>}
      </div>
      {cal.isError && <p role="alert" className="text-red-700">{cal.error.message}</p>}
      {empty && <p className="mb-2 text-sm text-slate-500">No jobs scheduled this week.</p>}
      <ol className="grid gap-3 md:hidden" aria-label="Visits day by day" data-testid="calendar-agenda">
        {days.map((d) => {
          // The visits with a part on that day: those the grid places in its column.
          const jobs = (cal.data?.jobs ?? []).filter((j) => placement(j, d, range) !== null);
          return (
            <li key={d} data-day={d}>
              <h3 className={`border-b border-slate-200 pb-1 text-sm font-semibold dark:border-slate-700 ${d === today ? 'text-blue-800 dark:text-blue-300' : ''}`}>
                {labelOf(d)}
                {d === today && <span className="ml-2 font-normal">· Today</span>}
              </h3>
              {jobs.length === 0 ? (
                // An empty week says so once, above; an empty day in a busy week says so here.
                !empty && <p className="py-1 text-xs text-slate-500">No visits.</p>
              ) : (
                <ul className="mt-1 grid gap-1">
                  {jobs.map((j) => (
                    <li key={j.id}>
                      <button type="button" onClick={() => props.onOpen(j.id)} className={`block min-h-11 w-full rounded px-2 py-1.5 text-left text-sm [overflow-wrap:anywhere] shadow-sm ${STATUS_COLOURS[j.status as JobStatus]}`}>
                        <span className="font-semibold">{dayOf(j.scheduledStart!) === dayOf(j.scheduledEnd!) ? `${formatTime(j.scheduledStart!)} – ${formatTime(j.scheduledEnd!)}` : formatWindow(j.scheduledStart, j.scheduledEnd)}</span> · {j.number}
                        {statusWords(j.status) && <span className="font-semibold"> · {statusWords(j.status)}</span>}
                        {clashes.has(j.id) && (
                          <span className="block">
                            <DoubleBooked />
                          </span>
                        )}
                        <span className="block font-medium">{j.title}</span>
                        <span className="block text-xs">{j.clientName}</span>
                        {j.assignees.length > 0 && <span className="block text-xs">{j.assignees.map((a) => props.names.get(a) ?? a).join(', ')}</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <div className="hidden overflow-x-auto md:block" data-scroll-x>
        <div className="grid min-w-[56rem] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] text-xs">
          <div />
          {days.map((d) => (
            <div
              key={d}
              aria-current={d === today ? 'date' : undefined}
              className={`border-b p-1 text-center font-semibold ${d === today ? 'border-blue-600 text-blue-800 dark:border-blue-400 dark:text-blue-300' : 'border-slate-200 dark:border-slate-700'}`}
            >
              {labelOf(d)}
              {d === today && <span className="block font-normal">Today</span>}
            </div>
          ))}
          <div className="relative" style={{ height: (range.last - range.first) * HOUR_PX }}>
            {Array.from({ length: range.last - range.first }, (_, i) => (
              <div key={i} className="absolute right-1 text-slate-500" style={{ top: i * HOUR_PX }}>
                {axisLabel(range.first + i)}
              </div>
            ))}
          </div>
          {days.map((d) => {
            const jobs = dayLanes((cal.data?.jobs ?? []).flatMap((j) => {
              const p = placement(j, d, range);
              return p ? [{ j, p }] : [];
            }));
            return (
              <div
                key={d}
                data-day={d}
                data-testid={`calendar-day-${(weekdayIndex(d) + 1) % 7}`}
                className="relative border-l border-slate-200 dark:border-slate-700"
                style={{
                  height: (range.last - range.first) * HOUR_PX,
                  backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, rgb(148 163 184 / 0.25) ${HOUR_PX - 1}px, rgb(148 163 184 / 0.25) ${HOUR_PX}px)`,
                }}
              >
                {jobs.map(({ j, p, lane, lanes }) => (
                  <button
                    key={j.id}
                    type="button"
                    onClick={() => props.onOpen(j.id)}
                    className={`absolute flex flex-col justify-start overflow-hidden rounded px-1 text-left shadow-sm ${STATUS_COLOURS[j.status as JobStatus]}`}
                    style={{ top: p.top, height: p.height, left: `calc(${(lane * 100) / lanes}% + 1px)`, width: `calc(${100 / lanes}% - 3px)` }}
                    title={[`${j.number} ${j.title}`, statusWords(j.status), clashes.has(j.id) ? 'Double-booked' : null].filter(Boolean).join(' · ')}
                  >
                    {/* One block from the top of the visit (a button centres its content). */}
                    <span className="block">
                      {clashes.has(j.id) && <DoubleBooked compact />}
                      <span className="font-semibold">
                        {formatTime(j.scheduledStart!)} {j.number}
                      </span>{' '}
                      {statusWords(j.status) && <span className="font-semibold">{statusWords(j.status)} · </span>}
                      {j.title}
                      <span className="block truncate">{j.assignees.map((a) => props.names.get(a) ?? a).join(', ')}</span>
                    </span>
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
