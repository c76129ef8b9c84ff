import type { NewTimeEntry, TimeEntry } from './time-entry.ts';
import type { WeekApproval } from './timesheet.ts';

export interface WeekLookup {
  /** Whether the employee's day (YYYY-MM-DD) is locked by its week's approval (`dayLocked`), read inside the same atomic step. */
  isLocked(employeeId: string, day: string): Promise<boolean>;
}

/**
 * Time entries and week approvals. Every write is one atomic step that re-checks what it read,
 * so two concurrent clock-ins by one person leave exactly one open entry, and an approval never
 * misses an entry written at the same moment.
 */
export interface TimeEntryRepository {
  get(id: string): Promise<TimeEntry | null>;
  findOpen(employeeId: string): Promise<TimeEntry | null>;
  /**
   * Stores a new open entry. Fails with the error from `refuse` when the employee already has
   * an open entry (`refuse('open')`) or the entry's week is approved (`refuse('approved')`).
   */
  createOpen(entry: NewTimeEntry, day: string, refuse: (why: 'open' | 'approved') => Error): Promise<TimeEntry>;
  /** Stores a closed entry (entered by an admin); `refuse('approved')` when its week is approved. */
  createClosed(entry: NewTimeEntry, day: string, refuse: (why: 'approved') => Error): Promise<TimeEntry>;
  /**
   * Read-modify-write of one entry: `change` gets the stored entry (and can ask about week
   * approvals) and returns the entry to store, or throws. Closing an entry frees the employee
   * to clock in again. Not-found error from `missing` when there is no such entry.
   */
  modify(id: string, change: (current: TimeEntry, weeks: WeekLookup) => Promise<TimeEntry>, missing: () => Error): Promise<TimeEntry>;
  /** Entries clocked in within [from, to), oldest first; one employee's or everyone's. */
  listByClockIn(from: Date, to: Date, employeeId?: string): Promise<TimeEntry[]>;
  getApproval(employeeId: string, weekStart: string): Promise<WeekApproval | null>;
  listApprovals(weekStart: string): Promise<WeekApproval[]>;
  /**
   * Approves or unlocks one employee's week: `change` gets the current approval and the week's
   * entries (clocked in within [from, to)) and returns the new approval; entries become
   * 'approved' when it is approved, 'submitted' again when it is unlocked. All in one step.
   */
  changeApproval(
    employeeId: string,
    weekStart: string,
    range: { from: Date; to: Date },
    change: (current: WeekApproval | null, entries: TimeEntry[]) => WeekApproval,
  ): Promise<{ approval: WeekApproval; entries: TimeEntry[] }>;
}
