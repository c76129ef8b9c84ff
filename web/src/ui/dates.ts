/**
 * Dates and times as the SPA shows them (money is in ./money.ts). Instants are shown in the
 * company's time zone (COMPANY_TIME_ZONE from `/api/site`, set by setCompanyTimeZone), the zone
 * the mails write visit windows in, so a screen and a mail never disagree about 9:00 AM; until
 * it is known, the browser's. Calendar days ("2026-11-25") are shown as written, whatever the zone.
 * Formatters come from the one cache (#domain/shared/intl-format.ts), built on first use: building
 * an Intl formatter loads locale data, so a public page that imports this file builds none it
 * does not show.
 */
import { useSyncExternalStore } from 'react';
import { dateTimeFormat } from '#domain/shared/intl-format.ts';

let companyZone: string | undefined;
/** The zone instants are shown in: the company's once known (the option is left out before). */
const inZone = (): { timeZone?: string } => (companyZone ? { timeZone: companyZone } : {});

const weekdayTime = () => dateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', ...inZone() });

/** An instant as "Nov 25, 2026, 9:05 AM" (company time zone). */
export const formatDateTime = (iso: string): string => dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', ...inZone() }).format(new Date(iso));

/** An instant's date as "Nov 25, 2026" (company time zone). */
export const formatDate = (iso: string): string => dateTimeFormat('en-US', { dateStyle: 'medium', ...inZone() }).format(new Date(iso));

/** An instant's time of day as "9:00 AM" (company time zone). */
export const formatTime = (iso: string): string => dateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', ...inZone() }).format(new Date(iso));

/** A calendar day ("2026-11-25", or the date part of an ISO instant) as "Nov 25, 2026". */
export const formatDay = (isoDay: string): string => dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay.slice(0, 10)}T12:00:00Z`));

/** An instant as "Tue, Nov 24, 9:00 AM" (schedules). */
export const formatWeekdayTime = (iso: string): string => weekdayTime().format(new Date(iso));

/** A schedule window: "Tue, Nov 24, 9:00 AM – 11:00 AM" (the end's date only when it differs). */
export function formatWindow(start: string | null, end: string | null): string {
  if (!start || !end) return 'Not scheduled';
  return `${formatWeekdayTime(start)} – ${dayOf(start) === dayOf(end) ? formatTime(end) : formatWeekdayTime(end)}`;
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
    if (timeZone === companyZone) return;
    companyDay = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    companyZone = timeZone;
  } catch {
    companyDay = null; // an unknown zone: the browser's day
    companyZone = undefined;
  }
  for (const listener of zoneListeners) listener();
}

const zoneListeners = new Set<() => void>();
const subscribeZone = (listener: () => void) => {
  zoneListeners.add(listener);
  return () => zoneListeners.delete(listener);
};

/** The company's time zone once known; a screen showing times calls it so it renders again when the zone arrives with `/api/site`. */
export function useCompanyTimeZone(): string | undefined {
  return useSyncExternalStore(subscribeZone, () => companyZone, () => undefined);
}

/** The calendar day ("2026-11-25") an instant falls on in the company's time zone. */
export const dayOf = (iso: string | Date): string => todayIso(typeof iso === 'string' ? new Date(iso) : iso);

/** Wall-clock parts of an instant in the company's zone (the browser's until it is known). */
function wallClock(ms: number): { y: number; mo: number; d: number; h: number; mi: number } {
  const parts = Object.fromEntries(
    dateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23', ...inZone() })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return { y: parts['year']!, mo: parts['month']!, d: parts['day']!, h: parts['hour']! % 24, mi: parts['minute']! };
}

/** Today's calendar day ("2026-11-25") in the company's time zone once known, else the browser's. */
export const todayIso = (now: Date = new Date()): string => (companyDay ? companyDay.format(now) : now.toLocaleDateString('en-CA'));

/** datetime-local value (the company's wall-clock time, minutes) ↔ ISO instant: what is typed is company time, like what is shown. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const w = wallClock(Date.parse(iso));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return value ? new Date(value).toISOString() : null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The zone's offset at that moment (asked twice: the first guess may sit across a DST change).
  const offsetAt = (ms: number) => {
    const w = wallClock(ms);
    return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi) - Math.floor(ms / 60_000) * 60_000;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first)).toISOString();
}

/** An instant as "Nov 25, 2026, 9:05 AM" in the given IANA zone (the company's), else the browser's. */
export function formatDateTimeIn(iso: string, timeZone: string | undefined): string {
  if (!timeZone) return formatDateTime(iso);
  return dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
