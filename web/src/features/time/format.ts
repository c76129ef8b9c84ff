import { dateTimeFormat } from '#domain/shared/intl-format.ts';
import { addDays } from '#domain/time/zoned-week.ts';

/** 485 → "8:05" (hours:minutes), the way timesheets read. */
export function hoursMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** 485 → "8 h 5 min", for screen readers and sentences. */
export function spokenDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const dayFormat = (opts: Intl.DateTimeFormatOptions) => dateTimeFormat(undefined, { timeZone: 'UTC', ...opts });
const weekdayShort = dayFormat({ weekday: 'short' });
const dayShort = dayFormat({ day: 'numeric', month: 'short' });
const dayLong = dayFormat({ weekday: 'long', day: 'numeric', month: 'long' });

/** Date keys are calendar days already in the company zone: format them as UTC dates. */
const keyDate = (key: string) => new Date(`${key}T00:00:00Z`);
export const weekdayLabel = (key: string) => weekdayShort.format(keyDate(key));
export const shortDayLabel = (key: string) => dayShort.format(keyDate(key));
export const longDayLabel = (key: string) => dayLong.format(keyDate(key));
export const weekLabel = (weekStart: string) => `${shortDayLabel(weekStart)} – ${shortDayLabel(addDays(weekStart, 6))}`;

/** An instant as a time of day in the company time zone, written like every other time in the app ("8:26 PM"). */
export function clockTime(iso: string, timeZone: string): string {
  return dateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}
