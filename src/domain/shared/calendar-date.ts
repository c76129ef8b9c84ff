/**
 * Calendar dates as ISO strings (YYYY-MM-DD): the company's local day of an instant, and day
 * arithmetic that involves no time zone. One set for analytics, invoices, reminders, monitoring
 * and time tracking.
 */
import { DomainError } from './domain-error.ts';

const DAY_MS = 86_400_000;

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone` (IANA name). */
export function dateKey(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

function dayNumber(isoDate: string): number {
  const t = Date.parse(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(t)) throw new DomainError('validation', `Not a date: ${isoDate}`);
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

/** A calendar day as people read it in `locale` ("Nov 25, 2026" in en-US), for messages. */
export function formatCalendarDay(isoDate: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`));
}
