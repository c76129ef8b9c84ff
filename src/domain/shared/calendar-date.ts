/**
 * Calendar dates as ISO strings (YYYY-MM-DD): the company's local day of an instant, and day
 * arithmetic that involves no time zone. One set for analytics, invoices, reminders, monitoring
 * and time tracking.
 */
import { DomainError } from './domain-error.ts';
import { dateTimeFormat } from './intl-format.ts';

const DAY_MS = 86_400_000;

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone` (IANA name). */
export function dateKey(at: Date, timeZone: string): string {
  const parts = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar date; "2026-02-30" and "2026-13-01" are refused, not rolled over. */
function dayNumber(isoDate: string): number {
  const m = ISO_DAY.exec(isoDate);
  const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== isoDate) throw new DomainError('validation', `Not a calendar date: ${isoDate}`);
  return t / DAY_MS;
}

/** Adds whole days to an ISO date; calendar arithmetic, no time zone involved. */
export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (ISO dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** A calendar day as a person of `locale` writes it: "11/25/2026" in en-US, "25.11.2026" in de-DE. */
function dayFormat(locale: string, style: 'digits' | 'words'): Intl.DateTimeFormat {
  const format: Intl.DateTimeFormatOptions = style === 'words' ? { dateStyle: 'medium' } : { year: 'numeric', month: '2-digit', day: '2-digit' };
  return dateTimeFormat(locale, { ...format, timeZone: 'UTC' });
}

export function formatCalendarDay(isoDate: string, locale = 'en-US', style: 'digits' | 'words' = 'digits'): string {
  const t = Date.parse(`${isoDate.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(t)) return isoDate;
  return dayFormat(locale, style).format(new Date(t));
}

const days = (n: number): string => (n === 1 ? '1 day' : `${n} days`);

/** How far from today a typed date may plausibly lie (days back, days ahead). */
export interface DateWindow {
  pastDays: number;
  futureDays: number;
}

/**
 * What is wrong with a typed calendar date, as a message naming the field, or null: not a date,
 * a mistyped year (0226, 20266), or outside `window` around `today` — the dates in the message
 * written the way a person of `locale` writes them.
 */
export function datePlausibility(label: string, value: string, today: string, window: DateWindow, locale: string): string | null {
  const m = /^(\d+)-(\d{2})-(\d{2})$/.exec(value.trim());
  const example = formatCalendarDay(today, locale);
  if (!m) return `${label}: enter a date such as ${example}.`;
  const year = m[1] ?? '';
  if (year.length !== 4 || year < '1900') return `${label}: the year ${year} looks mistyped; enter a date such as ${example}.`;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return `${label}: ${value} is not a day of the calendar; enter a date such as ${example}.`;
  const earliest = addDays(today, -window.pastDays);
  const latest = addDays(today, window.futureDays);
  if (value < earliest) return `${label}: ${formatCalendarDay(value, locale)} is more than ${days(window.pastDays)} ago; the earliest is ${formatCalendarDay(earliest, locale)}.`;
  if (value > latest)
    return window.futureDays === 0
      ? `${label}: ${formatCalendarDay(value, locale)} is in the future; the latest is today, ${example}.`
      : `${label}: ${formatCalendarDay(value, locale)} is more than ${days(window.futureDays)} ahead; the latest is ${formatCalendarDay(latest, locale)}.`;
  return null;
}
