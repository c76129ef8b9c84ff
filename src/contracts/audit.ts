import { z } from 'zod';

/**
 * The one shape of an audit-trail entry on the wire (src/domain/audit's `AuditEntry`): every
 * history the API answers (clients, employees, jobs, invoices, proposals, time entries) lists
 * these, newest first, and the SPA shows them with web/src/ui/History.tsx.
 */
const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditChangeSchema = z.object({ field: z.string(), from: auditValue, to: auditValue });
export type AuditChangeDto = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO-8601 UTC; screens show it in local time. */
  at: z.string(),
  actorId: z.string(),
  /** The person's name as it was at the time. */
  actorName: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  changes: z.array(auditChangeSchema),
  /** What people read for the ids the changes refer to (id → "Maria Lopez"); see domain/audit/references.ts. */
  labels: z.record(z.string(), z.string()).optional(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

/** id → what a person reads for it, beside lists whose rows refer to other records. */
export const referenceLabelsSchema = z.record(z.string(), z.string());

export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditListDto = z.infer<typeof auditListSchema>;
