import type { AuditEntry, NewAuditEntry } from './audit-entry.ts';

/**
 * The one audit port. Append-only: entries are written once and never changed. A repository
 * that must commit a record and its entry together writes the entry in its own transaction
 * through the same adapter's writer (see adapters/documents/document-audit-log.ts).
 */
export interface AuditLog {
  record(entry: NewAuditEntry): Promise<AuditEntry>;
  /** Several entries that belong together (a CSV import): all or none. */
  recordAll(entries: readonly NewAuditEntry[]): Promise<void>;
  /** Newest first; entries written in the same millisecond keep the order they were written in. */
  listFor(entity: string, entityId: string, options: { limit: number }): Promise<AuditEntry[]>;
}
