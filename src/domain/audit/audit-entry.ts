/**
 * The audit trail (DESIGN.md "Data model": permission and money changes write who, when, what).
 * An entry names the entity it is about and lists each changed field with its old and new value.
 * Values are scalars: nested values (permissions) are flattened to dotted fields
 * (`permissions.editJobs`), so a reader sees exactly which switch moved.
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
