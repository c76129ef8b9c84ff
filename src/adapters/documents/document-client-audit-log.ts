import type { AuditEntry, ClientAuditLog } from '../../domain/clients/client-audit.ts';
import type { DocumentData } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { IdGenerator } from '../../domain/shared/clock.ts';
import { orderBy, where } from '../../domain/persistence/query.ts';

export const AUDIT_LOG = 'audit_log';

/** Client audit entries in the shared 'audit_log' collection (one document per entry). */
export class DocumentClientAuditLog implements ClientAuditLog {
  private readonly store: DocumentStore;
  private readonly ids: IdGenerator;

  constructor(store: DocumentStore, ids: IdGenerator) {
    this.store = store;
    this.ids = ids;
  }

  async record(entries: readonly AuditEntry[]): Promise<void> {
    const col = this.store.collection<DocumentData>(AUDIT_LOG);
    await Promise.all(entries.map((e) => col.create({ ...e, changes: e.changes.map((c) => ({ ...c })) }, this.ids.next())));
  }

  async list(clientId: string, limit: number): Promise<AuditEntry[]> {
    const page = await this.store.collection<DocumentData>(AUDIT_LOG).query({
      where: [where('entity', '==', 'client'), where('entityId', '==', clientId)],
      orderBy: [orderBy('createdAt', 'desc')],
      limit,
    });
    return page.docs.map((d) => ({
      at: String(d['at']),
      actorId: String(d['actorId']),
      actorName: String(d['actorName']),
      entity: 'client',
      entityId: String(d['entityId']),
      action: d['action'] as AuditEntry['action'],
      changes: Array.isArray(d['changes']) ? (d['changes'] as unknown as AuditEntry['changes']) : [],
    }));
  }
}
