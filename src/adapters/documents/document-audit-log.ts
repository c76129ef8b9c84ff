import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { AuditEntry, AuditValue, NewAuditEntry } from '../../domain/audit/audit-entry.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import type { IdGenerator } from '../../domain/shared/clock.ts';
import { orderBy, where } from '../../domain/persistence/query.ts';

export const AUDIT_LOG = 'audit_log';

type ChangeDoc = { field: string; from: AuditValue; to: AuditValue };

type AuditDoc = {
  at: string;
  actorId: string;
  actorName: string;
  entity: string;
  entityId: string;
  action: string;
  changes: ChangeDoc[];
};

const entryFromDoc = (d: StoredDocument<AuditDoc>): AuditEntry => ({
  id: d.id,
  at: d.at,
  actorId: d.actorId,
  actorName: d.actorName,
  entity: d.entity,
  entityId: d.entityId,
  action: d.action,
  changes: d.changes.map((c) => ({ field: c.field, from: c.from, to: c.to })),
});

/**
 * The audit trail on the document store. Entries are ordered by `at`, then by id; ids start
 * with the time and a per-process sequence number, so entries written in the same millisecond
 * still read back in the order they were written.
 */
export class DocumentAuditLog implements AuditLog {
  private readonly store: DocumentStore;
  private readonly ids: IdGenerator;
  private seq = 0;

  constructor(store: DocumentStore, ids: IdGenerator) {
    this.store = store;
    this.ids = ids;
  }

  async record(entry: NewAuditEntry): Promise<AuditEntry> {
    this.seq = (this.seq + 1) % 1e9;
    const id = `${entry.at.replace(/[^0-9]/g, '')}-${String(this.seq).padStart(9, '0')}-${this.ids.next()}`;
    const doc: AuditDoc = {
      at: entry.at,
      actorId: entry.actorId,
      actorName: entry.actorName,
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      changes: entry.changes.map((c) => ({ field: c.field, from: c.from, to: c.to })),
    };
    return entryFromDoc(await this.store.collection<AuditDoc>(AUDIT_LOG).create(doc, id));
  }

  async listFor(entity: string, entityId: string, options: { limit: number }): Promise<AuditEntry[]> {
    const page = await this.store.collection<AuditDoc>(AUDIT_LOG).query({
      where: [where('entity', '==', entity), where('entityId', '==', entityId)],
      orderBy: [orderBy('at', 'desc')],
      limit: options.limit,
    });
    return page.docs.map(entryFromDoc);
  }
}
