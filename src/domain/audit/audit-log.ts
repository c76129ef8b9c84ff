import type { AuditEntry, NewAuditEntry } from './audit-entry.ts';

/** Append-only: entries are written once and never changed. */
export interface AuditLog {
  record(entry: NewAuditEntry): Promise<AuditEntry>;
  /** Newest first; entries written in the same millisecond keep the order they were written in. */
  listFor(entity: string, entityId: string, options: { limit: number }): Promise<AuditEntry[]>;
}
