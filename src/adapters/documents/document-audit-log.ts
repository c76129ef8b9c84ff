import type { AuditLog } from '../../domain/audit/audit-log.ts';
import { auditValue, contextChanges, type AuditChange, type AuditValue, type AuditEntry, type NewAuditEntry } from '../../domain/audit/audit-entry.ts';
import type { DocumentStore, Transaction } from '../../domain/persistence/document-store.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import type { IdGenerator } from '../../domain/shared/clock.ts';
import { orderBy, where } from '../../domain/persistence/query.ts';
import { auditReferences, type ReferenceNames } from '../../domain/audit/references.ts';

/**
 * The audit trail on the document store, and its one writer: `writeAuditEntry` is what both
 * `DocumentAuditLog` and the repositories that commit an entry with their record (invoices,
 * inventory) call, so every entry has one document shape. Entries are ordered by `at`, then by
 * id; ids start with the time and a per-process sequence number, so entries written in the same
 * millisecond still read back in the order they were written.
 */
export const AUDIT_LOG = 'audit_log';

type ChangeDoc = { field: string; from: AuditValue; to: AuditValue };
type AuditDoc = { at: string; actorId: string; actorName: string; entity: string; entityId: string; action: string; changes: ChangeDoc[] };

let seq = 0;
const entryId = (at: string, suffix: string) => {
  seq = (seq + 1) % 1e9;
  return `${at.replace(/[^0-9]/g, '')}-${String(seq).padStart(9, '0')}-${suffix}`;
};

const docOf = (e: NewAuditEntry): AuditDoc => ({
  at: e.at,
  actorId: e.actorId,
  actorName: e.actorName,
  entity: e.entity,
  entityId: e.entityId,
  action: e.action,
  changes: e.changes.map((c) => ({ field: c.field, from: c.from, to: c.to })),
});

const entryFromDoc = (d: StoredDocument<AuditDoc>): AuditEntry => ({ id: d.id, ...docOf(d) });

/** Adds the entry to a transaction's writes; returns its id. */
export function writeAuditEntry(tx: Pick<Transaction, 'create'>, entry: NewAuditEntry, suffix: string = crypto.randomUUID()): string {
  const id = entryId(entry.at, suffix);
  tx.create(AUDIT_LOG, id, docOf(entry));
  return id;
}

export class DocumentAuditLog implements AuditLog {
  private readonly store: DocumentStore;
  private readonly ids: IdGenerator;
  private readonly names: ReferenceNames | null;

  /** With `names`, listed entries carry the labels of the ids they refer to. */
  constructor(store: DocumentStore, ids: IdGenerator, names: ReferenceNames | null = null) {
    this.store = store;
    this.ids = ids;
    this.names = names;
  }

  async record(entry: NewAuditEntry): Promise<AuditEntry> {
    const doc = docOf(entry);
    return entryFromDoc(await this.store.collection<AuditDoc>(AUDIT_LOG).create(doc, entryId(entry.at, this.ids.next())));
  }

  async recordAll(entries: readonly NewAuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.store.runTransaction(async (tx) => {
      for (const e of entries) writeAuditEntry(tx, e, this.ids.next());
    });
  }

  async listFor(entity: string, entityId: string, options: { limit: number }): Promise<AuditEntry[]> {
    const page = await this.store.collection<AuditDoc>(AUDIT_LOG).query({
      where: [where('entity', '==', entity), where('entityId', '==', entityId)],
      orderBy: [orderBy('at', 'desc')],
      limit: options.limit,
    });
    const entries = page.docs.map(entryFromDoc);
    if (!this.names) return entries;
    const labels = await this.names.labels(auditReferences(entries));
    return entries.map((e) => {
      const own: Record<string, string> = {};
      for (const r of auditReferences([e])) {
        const label = labels[r.id];
        if (label) own[r.id] = label;
      }
      return Object.keys(own).length > 0 ? { ...e, labels: own } : e;
    });
  }
}

/**
 * Inventory once wrote its own shape: `changes` as `{ field: { from, to } }` and a separate
 * `context`. Rewrites those entries in the one shape (context as changes from nothing), keeping
 * their ids and times. Runs at every start; entries already in the one shape are left alone,
 * so running it twice changes nothing. Returns how many entries it rewrote.
 */
export async function migrateAuditLog(store: DocumentStore): Promise<number> {
  const col = store.collection(AUDIT_LOG);
  let rewritten = 0;
  let cursor: string | null = null;
  do {
    const page = await col.query({ where: [where('entity', '==', 'inventory-item')], limit: 500, ...(cursor ? { startAfter: cursor } : {}) });
    const old = page.docs.filter((d) => !Array.isArray(d['changes']) || 'context' in d);
    if (old.length > 0)
      await store.runTransaction(async (tx) => {
        for (const d of old) tx.set(AUDIT_LOG, d.id, docOf(fromOldShape(d)));
      });
    rewritten += old.length;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rewritten;
}

function fromOldShape(d: DocumentData): NewAuditEntry {
  const raw = d['changes'];
  const changes: AuditChange[] = Array.isArray(raw)
    ? (raw as unknown as AuditChange[])
    : Object.entries((raw ?? {}) as Record<string, { from?: unknown; to?: unknown }>).map(([field, c]) => ({ field, from: auditValue(c.from), to: auditValue(c.to) }));
  const context = (d['context'] ?? {}) as Record<string, unknown>;
  return {
    at: String(d['at']),
    actorId: String(d['actorId']),
    actorName: String(d['actorName']),
    entity: String(d['entity']),
    entityId: String(d['entityId']),
    action: String(d['action']),
    changes: [...changes, ...contextChanges(context)],
  };
}
