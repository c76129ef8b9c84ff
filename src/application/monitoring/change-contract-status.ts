import type { AuthState } from '../../domain/auth/permissions.ts';
import { transitionContract, type MonitoringContract, type TransitionInput } from '../../domain/monitoring/monitoring-contract.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { recordContractAudit } from './contract-audit.ts';

/** Activate, cancel (reason required) or any other allowed move; refused moves are conflicts. */
export async function changeContractStatus(deps: MonitoringDeps, auth: AuthState, id: string, input: TransitionInput): Promise<MonitoringContract> {
  const actor = requireAccess(auth, 'editClients');
  const before = await deps.contracts.get(id);
  if (!before) throw new DomainError('not-found', 'No such contract.');
  const now = deps.clock.now();
  const after = await deps.contracts.update(id, transitionContract(before, input, now));
  await recordContractAudit(deps.audit, actor, now, before, after, input.to === 'cancelled' ? 'cancelled' : `status:${input.to}`);
  return after;
}
