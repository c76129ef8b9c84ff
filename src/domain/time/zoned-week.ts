/**
 * Calendar days and weeks in the company time zone, as pure arithmetic over `Intl`. A day is a
 * date key (YYYY-MM-DD); its bounds are the UTC instants of local midnight, so a day across a
 * daylight-saving change lasts 23 or 25 hours and a week 167 or 169. Weeks start on Monday.
 */
import { dateKey } from '../analytics/page-view.ts';
import { addDays } from '../shared/calendar-date.ts';
import { DomainError } from '../shared/domain-error.ts';
import { dateTimeFormat } from '../shared/intl-format.ts';

export { addDays, dateKey };

const DATE_KEY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function parts(key: string): [number, number, number] {
  const m = DATE_KEY.exec(key);
  if (!m) throw new DomainError('validation', `Not a YYYY-MM-DD date: ${key}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Round-trips only for real calendar dates (rejects 2026-02-30).
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) throw new DomainError('validation', `Not a calendar date: ${key}`);
  return [y, mo, d];
}

export const isDateKey = (key: string): boolean => {
  try {
    parts(key);
    return true;
  } catch {
    return false;
  }
};


/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(key: string): number {
  const [y, m, d] = parts(key);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `key`. */
export const weekStartOf = (key: string): string => addDays(key, -weekdayIndex(key));

/** Milliseconds the zone is ahead of UTC at `at` (negative west of Greenwich). */
function offsetMs(at: number, timeZone: string): number {
  const f = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (t: Intl.DateTimeFormatPartTypes) => Number(f.find((p) => p.type === t)?.value ?? 0);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - (at - (at % 1000));
}

/**
 * The instant local midnight begins `key` in `timeZone`. Two passes settle the offset when the
 * first guess lands on the other side of a change; in a zone whose clocks skip midnight itself
 * the day begins at the first instant that exists.
 */
export const startOfDay = (key: string, timeZone: string): Date => wallTimeToInstant(`${key}T00:00`, timeZone);

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant a wall-clock time (YYYY-MM-DDTHH:mm, as a datetime-local input gives it) happens
 * in `timeZone`. A time the clocks skip maps to just after the gap; a repeated hour to its first
 * occurrence.
 */
export function wallTimeToInstant(wallTime: string, timeZone: string): Date {
  const m = WALL_TIME.exec(wallTime);
  if (!m) throw new DomainError('validation', `Not a YYYY-MM-DDTHH:mm time: ${wallTime}`);
  const [y, mo, d] = parts(m[1]!);
  const wall = Date.UTC(y, mo - 1, d, Number(m[2]), Number(m[3]));
  let at = wall - offsetMs(wall, timeZone);
  at = wall - offsetMs(at, timeZone);
  return new Date(at);
}

/** The wall-clock time (YYYY-MM-DDTHH:mm) of an instant in `timeZone`, for datetime-local inputs. */
export function instantToWallTime(at: Date, timeZone: string): string {
  return `${dateKey(at, timeZone)}T${localTime(at, timeZone)}`;
}

export interface WeekRange {
  /** The Monday, YYYY-MM-DD. */
  weekStart: string;
  days: string[];
  /** Local midnight starting Monday, and the one starting the next Monday (exclusive). */
  from: Date;
  to: Date;
}

export function weekRange(anyDayInWeek: string, timeZone: string): WeekRange {
  const weekStart = weekStartOf(anyDayInWeek);
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  return { weekStart, days, from: startOfDay(weekStart, timeZone), to: startOfDay(addDays(weekStart, 7), timeZone) };
}

/** Local wall-clock time HH:mm of an instant, for CSV and screens. */
export function localTime(at: Date, timeZone: string): string {
  return dateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(at);
}

/**
 * The next time the company's clocks show `hhmm` ("10:00"), strictly after `now`: today's when it
 * is still to come, else tomorrow's (a mail that should arrive at a decent hour).
 */
export function nextWallClock(now: Date, hhmm: string, timeZone: string): Date {
  const today = dateKey(now, timeZone);
  const at = wallTimeToInstant(`${today}T${hhmm}`, timeZone);
  return at > now ? at : wallTimeToInstant(`${addDays(today, 1)}T${hhmm}`, timeZone);
}
