/**
 * A time entry: one stretch an employee was clocked in, with its breaks (issue 6, "Time
 * tracking"). Every rule here is a pure function of the entry and the instant it is asked at:
 * clocking in and out, breaks, worked minutes, the forgotten-clock-out flag, and admin edits,
 * which need a reason and leave a history of what changed.
 *
 * Status: `open` while clocked in, `submitted` once clocked out, `approved` when an admin
 * approved the week (no edits until the week is unlocked). `locked` is an approved entry a later
 * step (payroll closing) froze for good; nothing here unlocks it.
 */
import { diffFields, type AuditChange } from '../audit/audit-entry.ts';
import { DomainError } from '../shared/domain-error.ts';
import { dateKey } from './zoned-week.ts';

export const TIME_ENTRY_STATUSES = ['open', 'submitted', 'approved', 'locked'] as const;
export type TimeEntryStatus = (typeof TIME_ENTRY_STATUSES)[number];

export interface Break {
  start: string;
  /** null while the break runs. */
  end: string | null;
}

export interface JobRef {
  jobId: string;
  /** Denormalised at clock-in (JOB-NNNN and title), so timesheets need no job lookup. */
  jobNumber: string | null;
  jobTitle: string | null;
}

export interface EntryEdit {
  at: string;
  byId: string;
  byName: string;
  reason: string;
  changes: AuditChange[];
}

export interface TimeEntry {
  id: string;
  employeeId: string;
  employeeName: string;
  job: JobRef | null;
  clockIn: string;
  clockOut: string | null;
  breaks: Break[];
  note: string;
  status: TimeEntryStatus;
  history: EntryEdit[];
}

export type NewTimeEntry = Omit<TimeEntry, 'id'>;

export const TIME_ENTRY_ENTITY = 'time-entry';
export const MAX_NOTE_LENGTH = 500;
export const MIN_REASON_LENGTH = 3;

const ms = (iso: string): number => Date.parse(iso);

export const isOpen = (e: Pick<TimeEntry, 'clockOut'>): boolean => e.clockOut === null;
export const isFrozen = (e: Pick<TimeEntry, 'status'>): boolean => e.status === 'approved' || e.status === 'locked';
export const openBreak = (e: Pick<TimeEntry, 'breaks'>): Break | null => e.breaks.find((b) => b.end === null) ?? null;

export const alreadyClockedIn = (): DomainError =>
  new DomainError('conflict', 'You are already clocked in. Clock out first, then clock in again.');
export const notClockedIn = (): DomainError => new DomainError('conflict', 'You are not clocked in.');

export function startEntry(
  input: { employeeId: string; employeeName: string; job: JobRef | null; note?: string },
  now: Date,
): NewTimeEntry {
  return {
    employeeId: input.employeeId,
    employeeName: input.employeeName,
    job: input.job,
    clockIn: now.toISOString(),
    clockOut: null,
    breaks: [],
    note: checkNote(input.note ?? ''),
    status: 'open',
    history: [],
  };
}

function checkNote(note: string): string {
  const n = note.trim();
  if (n.length > MAX_NOTE_LENGTH) throw new DomainError('validation', `A note holds at most ${MAX_NOTE_LENGTH} characters.`, { note: [`At most ${MAX_NOTE_LENGTH} characters.`] });
  return n;
}

/** A clock that went backwards must not produce negative spans. */
const notBefore = (now: Date, iso: string): string => new Date(Math.max(now.getTime(), ms(iso))).toISOString();

export function startBreak(entry: TimeEntry, now: Date): TimeEntry {
  if (!isOpen(entry)) throw notClockedIn();
  if (openBreak(entry)) throw new DomainError('conflict', 'You are already on a break.');
  const last = entry.breaks.at(-1)?.end ?? entry.clockIn;
  return { ...entry, breaks: [...entry.breaks, { start: notBefore(now, last), end: null }] };
}

export function endBreak(entry: TimeEntry, now: Date): TimeEntry {
  if (!isOpen(entry)) throw notClockedIn();
  const running = openBreak(entry);
  if (!running) throw new DomainError('conflict', 'You are not on a break.');
  return { ...entry, breaks: entry.breaks.map((b) => (b === running ? { start: b.start, end: notBefore(now, b.start) } : b)) };
}

/** Clocking out ends a running break at the same instant. */
export function finishEntry(entry: TimeEntry, now: Date, note?: string): TimeEntry {
  if (!isOpen(entry)) throw notClockedIn();
  const out = notBefore(now, entry.breaks.at(-1)?.start ?? entry.clockIn);
  return {
    ...entry,
    clockOut: out,
    breaks: entry.breaks.map((b) => (b.end === null ? { start: b.start, end: out } : b)),
    note: note === undefined ? entry.note : checkNote(note),
    status: 'submitted',
  };
}

/** Break time, counting a running break up to `now`. */
export function breakMs(entry: Pick<TimeEntry, 'breaks' | 'clockOut'>, now: Date): number {
  const end = entry.clockOut ? ms(entry.clockOut) : now.getTime();
  return entry.breaks.reduce((sum, b) => sum + Math.max(0, Math.min(b.end ? ms(b.end) : end, end) - ms(b.start)), 0);
}

/** Worked minutes = span − breaks; an open entry counts up to `now`. Whole minutes, rounded. */
export function workedMinutes(entry: Pick<TimeEntry, 'clockIn' | 'clockOut' | 'breaks'>, now: Date): number {
  const end = entry.clockOut ? ms(entry.clockOut) : now.getTime();
  const span = Math.max(0, end - ms(entry.clockIn));
  return Math.round(Math.max(0, span - breakMs(entry, now)) / 60_000);
}

export const breakMinutes = (entry: Pick<TimeEntry, 'breaks' | 'clockOut'>, now: Date): number => Math.round(breakMs(entry, now) / 60_000);

export interface ForgottenRule {
  /** An entry open longer than this is flagged (default 12 h). */
  maxOpenHours: number;
  timeZone: string;
}

/**
 * A forgotten clock-out: still open after `maxOpenHours`, or open past midnight in the company
 * time zone (the clock-in day is over).
 */
export function isForgotten(entry: Pick<TimeEntry, 'clockIn' | 'clockOut'>, now: Date, rule: ForgottenRule): boolean {
  if (!isOpen(entry)) return false;
  const started = new Date(entry.clockIn);
  if (now.getTime() - started.getTime() > rule.maxOpenHours * 3_600_000) return true;
  return dateKey(now, rule.timeZone) !== dateKey(started, rule.timeZone);
}

// ---------------------------------------------------------------------------------------------
// Admin edits

export interface EntryPatch {
  clockIn?: string;
  /** Setting it closes an open entry; an entry once closed cannot be reopened by an edit. */
  clockOut?: string;
  breaks?: { start: string; end: string | null }[];
  note?: string;
}

export interface Editor {
  id: string;
  name: string;
}

const summariseBreaks = (breaks: Break[]): string => breaks.map((b) => `${b.start}–${b.end ?? 'running'}`).join(', ');

function snapshot(e: TimeEntry): Record<'clockIn' | 'clockOut' | 'breaks' | 'note', string | null> {
  return { clockIn: e.clockIn, clockOut: e.clockOut, breaks: summariseBreaks(e.breaks), note: e.note };
}

const invalid = (field: string, message: string): DomainError => new DomainError('validation', message, { [field]: [message] });

const iso = (field: string, value: string): string => {
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw invalid(field, 'Not a valid date and time.');
  return new Date(t).toISOString();
};

/** Every break inside the entry's span, in order, not overlapping; only the last of an open entry may run. */
export function checkSpan(e: Pick<TimeEntry, 'clockIn' | 'clockOut' | 'breaks'>, now: Date): void {
  const start = ms(e.clockIn);
  if (start > now.getTime()) throw invalid('clockIn', 'Clock-in cannot be in the future.');
  if (e.clockOut !== null) {
    const end = ms(e.clockOut);
    if (end <= start) throw invalid('clockOut', 'Clock-out must be after clock-in.');
    if (end > now.getTime()) throw invalid('clockOut', 'Clock-out cannot be in the future.');
  }
  let cursor = start;
  e.breaks.forEach((b, i) => {
    const bs = ms(b.start);
    if (bs < cursor) throw invalid('breaks', 'Breaks must lie inside the shift, in order, without overlapping.');
    if (b.end === null) {
      if (e.clockOut !== null || i !== e.breaks.length - 1) throw invalid('breaks', 'Every break needs an end.');
      cursor = bs;
      return;
    }
    const be = ms(b.end);
    if (be < bs) throw invalid('breaks', 'A break must end after it starts.');
    if (e.clockOut !== null && be > ms(e.clockOut)) throw invalid('breaks', 'Breaks must lie inside the shift, in order, without overlapping.');
    cursor = be;
  });
}

/**
 * An admin's correction. A reason is required; the change is recorded on the entry's history
 * (who, when, why, each field before → after). Approved or locked entries refuse edits.
 */
export function editEntry(entry: TimeEntry, patch: EntryPatch, reason: string, editor: Editor, now: Date): { entry: TimeEntry; edit: EntryEdit | null } {
  if (isFrozen(entry)) throw new DomainError('conflict', 'This entry belongs to an approved week. Unlock the week before editing it.');
  const why = reason.trim();
  if (why.length < MIN_REASON_LENGTH) throw invalid('reason', 'Say why the entry is changed.');
  const next: TimeEntry = {
    ...entry,
    clockIn: patch.clockIn === undefined ? entry.clockIn : iso('clockIn', patch.clockIn),
    clockOut: patch.clockOut === undefined ? entry.clockOut : iso('clockOut', patch.clockOut),
    breaks:
      patch.breaks === undefined
        ? entry.breaks
        : patch.breaks.map((b, i) => ({ start: iso(`breaks.${i}.start`, b.start), end: b.end === null ? null : iso(`breaks.${i}.end`, b.end) })),
    note: patch.note === undefined ? entry.note : checkNote(patch.note),
  };
  // Closing an entry by edit ends a break still running at the clock-out.
  if (next.clockOut !== null) next.breaks = next.breaks.map((b) => (b.end === null ? { start: b.start, end: next.clockOut } : b));
  if (next.clockOut !== null && entry.clockOut === null) next.status = 'submitted';
  checkSpan(next, now);
  const changes = diffFields(['clockIn', 'clockOut', 'breaks', 'note'] as const, snapshot(entry), snapshot(next));
  if (changes.length === 0) return { entry, edit: null };
  const edit: EntryEdit = { at: now.toISOString(), byId: editor.id, byName: editor.name, reason: why, changes };
  return { entry: { ...next, history: [...entry.history, edit] }, edit };
}

/**
 * A shift an employee worked but never clocked (no phone, forgot entirely), entered by an admin
 * with a reason. It is closed from the start and its history says who added it and why.
 */
export function manualEntry(
  input: { employeeId: string; employeeName: string; clockIn: string; clockOut: string; breaks: { start: string; end: string }[]; note: string },
  reason: string,
  editor: Editor,
  now: Date,
): NewTimeEntry {
  const why = reason.trim();
  if (why.length < MIN_REASON_LENGTH) throw invalid('reason', 'Say why the entry is added.');
  const entry: NewTimeEntry = {
    employeeId: input.employeeId,
    employeeName: input.employeeName,
    job: null,
    clockIn: iso('clockIn', input.clockIn),
    clockOut: iso('clockOut', input.clockOut),
    breaks: input.breaks.map((b, i) => ({ start: iso(`breaks.${i}.start`, b.start), end: iso(`breaks.${i}.end`, b.end) })),
    note: checkNote(input.note),
    status: 'submitted',
    history: [],
  };
  checkSpan(entry, now);
  // Only what was set: no breaks and no note are not news.
  const changes = diffFields(['clockIn', 'clockOut', 'breaks', 'note'] as const, {}, snapshot({ ...entry, id: '' })).filter((c) => c.to !== '');
  return { ...entry, history: [{ at: now.toISOString(), byId: editor.id, byName: editor.name, reason: why, changes }] };
}

/** Two entries of one person overlap when their spans share any instant (an open one runs to `now`). */
export function overlapping(entry: Pick<TimeEntry, 'id' | 'clockIn' | 'clockOut'>, others: readonly TimeEntry[], now: Date): TimeEntry | null {
  const end = (e: Pick<TimeEntry, 'clockOut'>) => (e.clockOut ? ms(e.clockOut) : now.getTime());
  return others.find((o) => o.id !== entry.id && ms(o.clockIn) < end(entry) && ms(entry.clockIn) < end(o)) ?? null;
}

export const overlapError = (): DomainError =>
  new DomainError('conflict', 'This time overlaps another entry of the same person. Correct that one first.', { clockIn: ['Overlaps another entry.'] });

