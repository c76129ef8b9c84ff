import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import { TIME_ENTRY_ENTITY, breakMinutes, isForgotten, openBreak, workedMinutes, type TimeEntry } from '../../domain/time/time-entry.ts';
import type { TimeRules } from '../../domain/time/timesheet.ts';
import { dateKey } from '../../domain/time/zoned-week.ts';

/** An entry with what a screen shows next to it, computed at `now`. */
export interface EntryView extends Omit<TimeEntry, 'history'> {
  history: AuditEntry[];
  date: string;
  workedMinutes: number;
  breakMinutes: number;
  onBreak: boolean;
  forgotten: boolean;
}

/**
 * The entry's own edit history in the audit trail's shape (the same edits are in the trail too):
 * a shift added by hand starts from nothing, so its first edit is the 'add'.
 */
const historyOf = (e: TimeEntry): AuditEntry[] =>
  e.history.map((h, i) => ({
    id: `${e.id}:${i}`,
    at: h.at,
    actorId: h.byId,
    actorName: h.byName,
    entity: TIME_ENTRY_ENTITY,
    entityId: e.id,
    action: i === 0 && h.changes.some((c) => c.field === 'clockIn' && c.from === null) ? 'add' : 'edit',
    changes: [...h.changes, { field: 'reason', from: null, to: h.reason }],
  }));

export const entryView = (e: TimeEntry, now: Date, rules: TimeRules): EntryView => ({
  ...e,
  history: historyOf(e),
  date: dateKey(new Date(e.clockIn), rules.timeZone),
  workedMinutes: workedMinutes(e, now),
  breakMinutes: breakMinutes(e, now),
  onBreak: openBreak(e) !== null && e.clockOut === null,
  forgotten: isForgotten(e, now, rules),
});
