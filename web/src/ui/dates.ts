/**
 * Dates and times as the SPA shows them (money is in ./money.ts). Instants are shown in the
 * browser's time zone; calendar days ("2026-11-25") are shown as written, whatever the zone.
 * Formatters come from the one cache (#domain/shared/intl-format.ts), built on first use: building
 * an Intl formatter loads locale data, so a public page that imports this file builds none it
 * does not show.
 */
import { dateTimeFormat } from '#domain/shared/intl-format.ts';

const weekdayTime = () => dateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An instant as "Nov 25, 2026, 9:05 AM". */
export const formatDateTime = (iso: string): string => dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** An instant's date as "Nov 25, 2026". */
export const formatDate = (iso: string): string => dateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

/** A calendar day ("2026-11-25", or the date part of an ISO instant) as "Nov 25, 2026". */
export const formatDay = (isoDay: string): string => dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay.slice(0, 10)}T12:00:00Z`));

/** An instant as "Tue, Nov 24, 9:00 AM" (schedules). */
export const formatWeekdayTime = (iso: string): string => weekdayTime().format(new Date(iso));

/** A schedule window: "Tue, Nov 24, 9:00 AM – 11:00 AM" (the end's date only when it differs). */
export function formatWindow(start: string | null, end: string | null): string {
  if (!start || !end) return 'Not scheduled';
  const s = new Date(start);
  const e = new Date(end);
  return `${formatWeekdayTime(start)} – ${s.toDateString() === e.toDateString() ? dateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(e) : formatWeekdayTime(end)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * `formatDate` without Intl, for the public pages: building the first Intl formatter loads
 * locale data, a long task on a phone while the page starts.
 */
export function formatDateLight(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

let companyDay: Intl.DateTimeFormat | null = null;
/**
 * The company's time zone (COMPANY_TIME_ZONE, from `/api/site`): the server dates payments,
 * invoices and contracts by the company's calendar, so a date box's "today" must be that day too,
 * not the browser's (a laptop on UTC is already on tomorrow at 7 pm in Chicago).
 */
export function setCompanyTimeZone(timeZone: string | undefined): void {
  if (!timeZone) return;
  try {
    companyDay = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    companyDay = null; // an unknown zone: the browser's day
  }
}

/** Today's calendar day ("2026-11-25") in the company's time zone once known, else the browser's. */
export const todayIso = (now: Date = new Date()): string => (companyDay ? companyDay.format(now) : now.toLocaleDateString('en-CA'));

/** datetime-local value (local time, minutes) ↔ ISO instant. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

/** An instant as "Nov 25, 2026, 9:05 AM" in the given IANA zone (the company's), else the browser's. */
export function formatDateTimeIn(iso: string, timeZone: string | undefined): string {
  if (!timeZone) return formatDateTime(iso);
  return dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
