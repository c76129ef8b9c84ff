import type { AuthState } from '../../domain/auth/permissions.ts';
import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import { requireAccess } from '../shared/require-access.ts';

/** The entity name monitoring writes its contract entries under (application/monitoring/contract-audit.ts). */
export const CONTRACT_ENTITY = 'monitoring_contract';

/** A monitoring contract's audit trail (fee, tax, cycle and status changes), newest first, with names for ids. */
export async function listContractHistory(deps: { audit: AuditLog }, auth: AuthState, contractId: string): Promise<AuditEntry[]> {
  requireAccess(auth, 'viewClients');
  return deps.audit.listFor(CONTRACT_ENTITY, contractId, { limit: 100 });
}
