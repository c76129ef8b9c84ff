import type { AuditEntry } from './audit-entry.ts';

/**
 * Records point at each other by id (a movement's job, a job's assignees, a contract's site);
 * people read names. This is the one place that says which fields hold which kind of id, and the
 * one port that turns ids into labels ("Maria Lopez", "J-2026-014 · Front gate", "Main house").
 * Audit lists, stock movements and serial histories answer a `labels` map (id → label) built
 * through it, so screens never show an id and never need a permission to look names up.
 */
export const REFERENCE_KINDS = ['employee', 'client', 'site', 'job', 'item', 'proposal', 'invoice', 'contract'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export interface Reference {
  kind: ReferenceKind;
  id: string;
}

/** id → what a person reads for it; ids that name nothing (deleted records) are left out. */
export type ReferenceLabels = Record<string, string>;

export interface ReferenceNames {
  labels(refs: readonly Reference[]): Promise<ReferenceLabels>;
}

const BY_FIELD: Readonly<Record<string, ReferenceKind>> = {
  assignees: 'employee',
  employee: 'employee',
  approvedBy: 'employee',
  item: 'item',
  trimOutJob: 'job',
  prewireJob: 'job',
  parentJob: 'job',
  reservedFor: 'proposal',
  originalInvoice: 'invoice',
};

/** The kind of id a field holds ("jobId" → job, "assignees" → employee), or null for plain values. */
export function referenceKind(field: string): ReferenceKind | null {
  const name = field.split('.').pop() ?? field;
  const base = name.replace(/Ids?$/, '');
  if (base in BY_FIELD) return BY_FIELD[base] ?? null;
  if (base !== name) return (REFERENCE_KINDS as readonly string[]).includes(base) ? (base as ReferenceKind) : null;
  return null;
}

/** A reference field's value as ids: lists are kept comma- or space-separated. */
export const idsOf = (value: unknown): string[] => (typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : []);

/** Every id the entries' changes refer to, each once. */
export function auditReferences(entries: readonly Pick<AuditEntry, 'changes'>[]): Reference[] {
  const seen = new Map<string, Reference>();
  for (const e of entries)
    for (const c of e.changes) {
      const kind = referenceKind(c.field);
      if (kind) for (const id of [...idsOf(c.from), ...idsOf(c.to)]) seen.set(`${kind}:${id}`, { kind, id });
    }
  return [...seen.values()];
}

/** References of records that carry them as fields (movements, serial history lines). */
export function fieldReferences(records: readonly object[], fields: readonly string[]): Reference[] {
  const seen = new Map<string, Reference>();
  for (const r of records)
    for (const f of fields) {
      const kind = referenceKind(f);
      const v = (r as Record<string, unknown>)[f];
      if (kind && typeof v === 'string' && v !== '') seen.set(`${kind}:${v}`, { kind, id: v });
    }
  return [...seen.values()];
}
