import type { AuthState } from '../../domain/auth/permissions.ts';
import type { MonitoringContract } from '../../domain/monitoring/monitoring-contract.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { recordContractAudit } from './contract-audit.ts';
import { resolveParties, type ContractTerms } from './create-contract.ts';

/**
 * Changes a contract's terms. Periods already invoiced keep their invoices (their keys are taken);
 * a changed start date makes the next run look again from the new start.
 */
export async function updateContract(deps: MonitoringDeps, auth: AuthState, id: string, input: ContractTerms): Promise<MonitoringContract> {
  const actor = requireAccess(auth, 'editClients');
  const before = await deps.contracts.get(id);
  if (!before) throw new DomainError('not-found', 'No such contract.');
  if (before.status === 'cancelled') throw new DomainError('conflict', 'A cancelled contract cannot be changed.');
  const terms = await resolveParties(deps, input, before.startDate);
  const nextBillingDate = terms.startDate !== before.startDate || terms.billingCycle !== before.billingCycle ? terms.startDate : before.nextBillingDate;
  const after = await deps.contracts.update(id, { ...terms, nextBillingDate });
  await recordContractAudit(deps.audit, actor, deps.clock.now(), before, after, 'updated');
  return after;
}
