import type { AuthState } from '../../domain/auth/permissions.ts';
import { keyView } from '../../domain/schedule/idempotency-keys.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { contractPeriodKey, contractScope, type MonitoringDeps } from './monitoring-deps.ts';
import { runOnce } from '../schedule/run-once.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';
import { runContractBilling } from './run-billing-now.ts';

/**
 * An admin's retry of a stuck or failed period: the key is released and the billing run goes again
 * at once. Done and in-progress periods are refused, so a retry can never double a finished
 * invoice. When the invoices feature already holds an invoice for the period (the runner died
 * after making it), the key is completed with that invoice instead of making another.
 */
export async function retryContractBilling(deps: MonitoringDeps, auth: AuthState, contractId: string, period: string) {
  requireAccess(auth, ADMIN);
  const contract = await deps.contracts.get(contractId);
  if (!contract) throw new DomainError('not-found', 'No such contract.');
  const key = contractPeriodKey(contractId, period);
  const record = await deps.keys.get(key);
  if (!record) throw new DomainError('not-found', 'That period has no billing record.');
  const state = keyView(record, deps.clock.now(), deps.stuckAfterMs);
  if (state === 'done' || state === 'in-progress') throw new DomainError('conflict', `That period is ${state}; only stuck or failed ones can be retried.`);
  await deps.keys.reset(key);
  const existing = await deps.invoices.findPeriodInvoice(contractId, period);
  if (existing) {
    await runOnce(deps.keys, { key, scope: contractScope(contractId), holder: deps.holder }, async () => ({ invoiceId: existing.id, number: existing.number, period, amountCents: null, recovered: true }));
  }
  // The run starts from nextBillingDate, which a stuck period holds back, so it is picked up again.
  if (contract.nextBillingDate > period) await deps.contracts.update(contractId, { nextBillingDate: contract.startDate });
  return runContractBilling(deps, deps.clock.now());
}
