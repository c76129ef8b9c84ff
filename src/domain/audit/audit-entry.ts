/**
 * The audit trail (DESIGN.md "Data model": permission and money changes write who, when, what),
 * the one module every area writes it through. An entry names the entity it is about and lists
 * each changed field with its old and new value. Values are scalars: nested values (permissions)
 * are flattened to dotted fields (`permissions.editJobs`), so a reader sees exactly which switch
 * moved; anything else that is not a scalar is kept as JSON text. Context that is not a change
 * (a movement's reason, the job it was for) is written as a change from nothing, so every
 * entry has the one shape whoever reads it.
 */
export type AuditValue = string | number | boolean | null;

export interface AuditChange {
  field: string;
  from: AuditValue;
  to: AuditValue;
}

/** Who made a change: a signed-in person, named as they were at the time. */
export interface Actor {
  id: string;
  name: string;
}

export interface NewAuditEntry {
  /** ISO-8601, from the clock of the use case that made the change. */
  at: string;
  actorId: string;
  actorName: string;
  entity: string;
  entityId: string;
  action: string;
  changes: AuditChange[];
}

export interface AuditEntry extends NewAuditEntry {
  id: string;
  /** What people read for the ids its changes refer to (references.ts), filled when listed. */
  labels?: Record<string, string>;
}

/** What `actor` did to `entity` `entityId` at `at`. */
export function auditEntry(actor: Actor, at: Date | string, entity: string, entityId: string, action: string, changes: readonly AuditChange[] = []): NewAuditEntry {
  return {
    at: typeof at === 'string' ? at : at.toISOString(),
    actorId: actor.id,
    actorName: actor.name,
    entity,
    entityId,
    action,
    changes: changes.map((c) => ({ field: c.field, from: c.from, to: c.to })),
  };
}

/**
 * The changes of a numbered record's first entry: its number first (the field `number`, from
 * nothing), then its fields. Histories read it as "Created as PRO-2026-0012" (`createdAs`).
 */
export const creation = (number: string, fields: readonly AuditChange[] = []): AuditChange[] => [
  { field: 'number', from: null, to: number },
  ...fields.filter((c) => c.field !== 'number'),
];

/** The number a record's first entry gave it (`creation`), or null for any other entry. */
export function createdAs(entry: { changes: readonly AuditChange[] }): string | null {
  const c = entry.changes.find((x) => x.field === 'number' && x.from === null);
  return typeof c?.to === 'string' && c.to !== '' ? c.to : null;
}

/** A value as the audit log keeps it: scalars as they are, anything else as JSON text. */
export function auditValue(v: unknown): AuditValue {
  if (v === undefined) return null;
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** Field-by-field differences of two flat records; keys in `fields` order, unchanged ones left out. */
export function diffFields<K extends string>(
  fields: readonly K[],
  before: Readonly<Partial<Record<K, AuditValue>>>,
  after: Readonly<Partial<Record<K, AuditValue>>>,
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** Differences of two plain records over all their keys, values compared as the log keeps them. */
export function diffRecords(before: object, after: object, prefix = ''): AuditChange[] {
  const changes: AuditChange[] = [];
  const b = before as Readonly<Record<string, unknown>>;
  const a = after as Readonly<Record<string, unknown>>;
  for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const from = auditValue(b[k]);
    const to = auditValue(a[k]);
    if (from !== to) changes.push({ field: `${prefix}${k}`, from, to });
  }
  return changes;
}

/** Context of a change (reason, job, movement id) as changes from nothing; empty values left out. */
export const contextChanges = (context: Readonly<Record<string, unknown>>): AuditChange[] =>
  Object.entries(context)
    .map(([field, v]) => ({ field, from: null, to: auditValue(v) }))
    .filter((c) => c.to !== null);
