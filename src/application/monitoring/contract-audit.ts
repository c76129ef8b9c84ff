import type { Actor, AuditValue } from '../../domain/audit/audit-entry.ts';
import { auditEntry, diffFields } from '../../domain/audit/audit-entry.ts';
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { MonitoringContract } from '../../domain/monitoring/monitoring-contract.ts';

const AUDITED = [
  'clientId',
  'siteId',
  'plan',
  'monthlyFeeCents',
  'taxRateBp',
  'billingCycle',
  'centralStation',
  'accountNumber',
  'startDate',
  'endDate',
  'nextBillingDate',
  'status',
  'cancelReason',
] as const satisfies readonly (keyof MonitoringContract)[];

type Audited = Partial<Record<(typeof AUDITED)[number], AuditValue>>;

/** Money terms and status changes are audited field by field (entity 'monitoring_contract'). */
export async function recordContractAudit(audit: AuditLog, actor: Actor, at: Date, before: MonitoringContract | null, after: MonitoringContract, action: string): Promise<void> {
  const changes = diffFields(AUDITED, (before ?? {}) as Audited, after as Audited);
  if (changes.length === 0) return;
  await audit.record(auditEntry(actor, at, 'monitoring_contract', after.id, action, changes));
}
