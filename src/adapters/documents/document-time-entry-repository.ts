import type { DocumentStore, Transaction } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { orderBy, where, type Filter } from '../../domain/persistence/query.ts';
import type { IdGenerator } from '../../domain/shared/clock.ts';
import type { TimeEntryRepository, WeekLookup } from '../../domain/time/time-entry-repository.ts';
import { isOpen, type NewTimeEntry, type TimeEntry, type TimeEntryStatus } from '../../domain/time/time-entry.ts';
import { dayLocked, weekApprovalId, type ApprovalEvent, type WeekApproval } from '../../domain/time/timesheet.ts';
import { weekStartOf } from '../../domain/time/zoned-week.ts';
import type { AuditValue } from '../../domain/audit/audit-entry.ts';

export const TIME_ENTRIES = 'time_entries';
/** One document per employee (id = employee id) naming their open entry: the "one open entry" guard. */
export const TIME_CLOCKS = 'time_clocks';
/** One document per employee and week (id `employeeId:YYYY-MM-DD`). */
export const TIME_WEEKS = 'time_weeks';

type EntryDoc = {
  employeeId: string;
  employeeName: string;
  jobId: string | null;
  jobNumber: string | null;
  jobTitle: string | null;
  clockIn: string;
  clockOut: string | null;
  breaks: { start: string; end: string | null }[];
  note: string;
  status: TimeEntryStatus;
  history: { at: string; byId: string; byName: string; reason: string; changes: { field: string; from: AuditValue; to: AuditValue }[] }[];
};

type ClockDoc = { openEntryId: string | null };

type EventDoc = { action: ApprovalEvent['action']; at: string; byId: string; byName: string; reason: string | null };
type WeekDoc = { employeeId: string; weekStart: string; approved: boolean; lockedThrough?: string | null; history: EventDoc[] };

const toDoc = (e: NewTimeEntry): EntryDoc => ({
  employeeId: e.employeeId,
  employeeName: e.employeeName,
  jobId: e.job?.jobId ?? null,
  jobNumber: e.job?.jobNumber ?? null,
  jobTitle: e.job?.jobTitle ?? null,
  clockIn: e.clockIn,
  clockOut: e.clockOut,
  breaks: e.breaks.map((b) => ({ start: b.start, end: b.end })),
  note: e.note,
  status: e.status,
  history: e.history.map((h) => ({ ...h, changes: h.changes.map((c) => ({ ...c })) })),
});

const fromDoc = (d: StoredDocument<EntryDoc>): TimeEntry => ({
  id: d.id,
  employeeId: d.employeeId,
  employeeName: d.employeeName,
  job: d.jobId === null ? null : { jobId: d.jobId, jobNumber: d.jobNumber, jobTitle: d.jobTitle },
  clockIn: d.clockIn,
  clockOut: d.clockOut,
  breaks: d.breaks.map((b) => ({ start: b.start, end: b.end })),
  note: d.note,
  status: d.status,
  history: d.history.map((h) => ({ ...h, changes: h.changes.map((c) => ({ ...c })) })),
});

const weekFromDoc = (d: WeekDoc): WeekApproval => ({
  employeeId: d.employeeId,
  weekStart: d.weekStart,
  approved: d.approved,
  // Records from before day-wise locking lock the whole week.
  lockedThrough: d.lockedThrough ?? null,
  history: d.history.map((h) => ({ ...h })),
});

const locks = (week: WeekDoc | undefined | null, day: string): boolean => (week ? dayLocked(weekFromDoc(week), day) : false);

/**
 * Time entries on the document store. The open-entry guard is a per-employee marker document
 * read and written in the same transaction as the entry: the store re-checks the marker's
 * version at commit, so of two concurrent clock-ins one commits and the other is re-run, sees
 * the open entry and is refused.
 */
export class DocumentTimeEntryRepository implements TimeEntryRepository {
  private readonly store: DocumentStore;
  private readonly ids: IdGenerator;

  constructor(store: DocumentStore, ids: IdGenerator) {
    this.store = store;
    this.ids = ids;
  }

  async get(id: string): Promise<TimeEntry | null> {
    const d = await this.store.collection<EntryDoc>(TIME_ENTRIES).get(id);
    return d ? fromDoc(d) : null;
  }

  async findOpen(employeeId: string): Promise<TimeEntry | null> {
    const marker = await this.store.collection<ClockDoc>(TIME_CLOCKS).get(employeeId);
    return marker?.openEntryId ? this.get(marker.openEntryId) : null;
  }

  async createOpen(entry: NewTimeEntry, day: string, refuse: (why: 'open' | 'approved') => Error): Promise<TimeEntry> {
    const id = this.ids.next();
    await this.store.runTransaction(async (tx) => {
      const marker = await tx.get<ClockDoc>(TIME_CLOCKS, entry.employeeId);
      if (marker?.openEntryId) throw refuse('open');
      const week = await tx.get<WeekDoc>(TIME_WEEKS, weekApprovalId(entry.employeeId, weekStartOf(day)));
      if (locks(week, day)) throw refuse('approved');
      tx.create(TIME_ENTRIES, id, toDoc(entry));
      tx.set(TIME_CLOCKS, entry.employeeId, { openEntryId: id });
    });
    return (await this.get(id))!;
  }

  async createClosed(entry: NewTimeEntry, day: string, refuse: (why: 'approved') => Error): Promise<TimeEntry> {
    const id = this.ids.next();
    await this.store.runTransaction(async (tx) => {
      const week = await tx.get<WeekDoc>(TIME_WEEKS, weekApprovalId(entry.employeeId, weekStartOf(day)));
      if (locks(week, day)) throw refuse('approved');
      tx.create(TIME_ENTRIES, id, toDoc(entry));
    });
    return (await this.get(id))!;
  }

  async modify(id: string, change: (current: TimeEntry, weeks: WeekLookup) => Promise<TimeEntry>, missing: () => Error): Promise<TimeEntry> {
    const stored = await this.store.runTransaction(async (tx) => {
      const doc = await tx.get<EntryDoc>(TIME_ENTRIES, id);
      if (!doc) throw missing();
      const current = fromDoc(doc);
      const marker = await tx.get<ClockDoc>(TIME_CLOCKS, current.employeeId);
      const next = await change(current, this.weekLookup(tx));
      tx.set(TIME_ENTRIES, id, toDoc(next));
      if (isOpen(current) && !isOpen(next) && marker?.openEntryId === id) tx.set(TIME_CLOCKS, current.employeeId, { openEntryId: null });
      return next;
    });
    return (await this.get(id)) ?? stored;
  }

  private weekLookup(tx: Transaction): WeekLookup {
    return {
      isLocked: async (employeeId, day) => locks(await tx.get<WeekDoc>(TIME_WEEKS, weekApprovalId(employeeId, weekStartOf(day))), day),
    };
  }

  async listByClockIn(from: Date, to: Date, employeeId?: string): Promise<TimeEntry[]> {
    const filters: Filter[] = [where('clockIn', '>=', from.toISOString()), where('clockIn', '<', to.toISOString())];
    if (employeeId !== undefined) filters.unshift(where('employeeId', '==', employeeId));
    const out: TimeEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.collection<EntryDoc>(TIME_ENTRIES).query({
        where: filters,
        orderBy: [orderBy('clockIn')],
        limit: 500,
        ...(cursor ? { startAfter: cursor } : {}),
      });
      out.push(...page.docs.map(fromDoc));
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  }

  async getApproval(employeeId: string, weekStart: string): Promise<WeekApproval | null> {
    const d = await this.store.collection<WeekDoc>(TIME_WEEKS).get(weekApprovalId(employeeId, weekStart));
    return d ? weekFromDoc(d) : null;
  }

  async listApprovals(weekStart: string): Promise<WeekApproval[]> {
    const page = await this.store.collection<WeekDoc>(TIME_WEEKS).query({ where: [where('weekStart', '==', weekStart)], limit: 1000 });
    return page.docs.map(weekFromDoc);
  }

  async changeApproval(
    employeeId: string,
    weekStart: string,
    range: { from: Date; to: Date },
    change: (current: WeekApproval | null, entries: TimeEntry[]) => WeekApproval,
  ): Promise<{ approval: WeekApproval; entries: TimeEntry[] }> {
    const weekId = weekApprovalId(employeeId, weekStart);
    return this.store.runTransaction(async (tx) => {
      // The ids come from a query (not part of the transaction); each is then read in it, and
      // the clock marker too, so an entry started meanwhile makes the commit re-run.
      const listed = await this.listByClockIn(range.from, range.to, employeeId);
      await tx.get<ClockDoc>(TIME_CLOCKS, employeeId);
      const weekDoc = await tx.get<WeekDoc>(TIME_WEEKS, weekId);
      const entries: TimeEntry[] = [];
      for (const e of listed) {
        const d = await tx.get<EntryDoc>(TIME_ENTRIES, e.id);
        if (d) entries.push(fromDoc(d));
      }
      const approval = change(weekDoc ? weekFromDoc(weekDoc) : null, entries);
      tx.set(TIME_WEEKS, weekId, { employeeId, weekStart, approved: approval.approved, lockedThrough: approval.lockedThrough, history: approval.history.map((h) => ({ ...h })) });
      const updated = entries.map((e): TimeEntry => {
        if (e.status === 'locked') return e;
        const status: TimeEntryStatus = approval.approved && !isOpen(e) ? 'approved' : isOpen(e) ? 'open' : 'submitted';
        if (status !== e.status) tx.update(TIME_ENTRIES, e.id, { status });
        return { ...e, status };
      });
      return { approval, entries: updated };
    });
  }
}
