/**
 * Audit entries for clients, in the shape of the shared 'audit_log' collection
 * ({ at, actorId, actorName, entity, entityId, action, changes: [{ field, from, to }] }).
 * Kept here until the shared audit port (src/domain/audit/) lands; the lead unifies them.
 * Secrets never appear in `from`/`to`: a passcode change is recorded as changed, not as a value.
 */
export type AuditValue = string | number | boolean | null;

export interface AuditChange {
  field: string;
  from: AuditValue;
  to: AuditValue;
}

export const CLIENT_AUDIT_ACTIONS = [
  'create',
  'update',
  'archive',
  'unarchive',
  'delete',
  'add-site',
  'update-site',
  'remove-site',
  'reveal-passcode',
  'import',
  'convert-lead',
] as const;
export type ClientAuditAction = (typeof CLIENT_AUDIT_ACTIONS)[number];

export interface Actor {
  id: string;
  name: string;
}

export interface AuditEntry {
  at: string;
  actorId: string;
  actorName: string;
  entity: 'client';
  entityId: string;
  action: ClientAuditAction;
  changes: AuditChange[];
}

export interface ClientAuditLog {
  record(entries: readonly AuditEntry[]): Promise<void>;
  /** Newest first. */
  list(clientId: string, limit: number): Promise<AuditEntry[]>;
}

export const HIDDEN = '(hidden)';

/** A value as the audit log keeps it: scalars as they are, anything else as JSON text. */
export function auditValue(v: unknown): AuditValue {
  if (v === undefined) return null;
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** Field-by-field differences between two plain records (top-level keys, deep-compared). */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ''): AuditChange[] {
  const changes: AuditChange[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of keys) {
    const a = auditValue(before[k]);
    const b = auditValue(after[k]);
    if (a !== b) changes.push({ field: `${prefix}${k}`, from: a, to: b });
  }
  return changes;
}

export function auditEntry(actor: Actor, at: Date, entityId: string, action: ClientAuditAction, changes: AuditChange[] = []): AuditEntry {
  return { at: at.toISOString(), actorId: actor.id, actorName: actor.name, entity: 'client', entityId, action, changes };
}
