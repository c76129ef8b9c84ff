import { breakMinutes, isForgotten, openBreak, workedMinutes, type TimeEntry } from '../../domain/time/time-entry.ts';
import type { TimeRules } from '../../domain/time/timesheet.ts';
import { dateKey } from '../../domain/time/zoned-week.ts';

/** An entry with what a screen shows next to it, computed at `now`. */
export interface EntryView extends TimeEntry {
  date: string;
  workedMinutes: number;
  breakMinutes: number;
  onBreak: boolean;
  forgotten: boolean;
}

export const entryView = (e: TimeEntry, now: Date, rules: TimeRules): EntryView => ({
  ...e,
  date: dateKey(new Date(e.clockIn), rules.timeZone),
  workedMinutes: workedMinutes(e, now),
  breakMinutes: breakMinutes(e, now),
  onBreak: openBreak(e) !== null && e.clockOut === null,
  forgotten: isForgotten(e, now, rules),
});
