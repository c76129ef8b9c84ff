import type { AuthState } from '../../domain/auth/permissions.ts';
import { generateDueContractInvoices, type BillingRunReport } from './generate-due-contract-invoices.ts';
import { markPastDueContracts, type PastDueReport } from './mark-past-due-contracts.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

/** The scheduled billing job: past-due marks first (they read invoices), then the due invoices. */
export async function runContractBilling(deps: MonitoringDeps, now: Date, signal?: AbortSignal): Promise<BillingRunReport & PastDueReport> {
  const pastDue = await markPastDueContracts(deps, now);
  const billing = await generateDueContractInvoices(deps, now, signal);
  return { ...billing, ...pastDue };
}

/** The admin's "run billing now": the same idempotent run, so pressing it twice bills nothing twice. */
export async function runBillingNow(deps: MonitoringDeps, auth: AuthState): Promise<BillingRunReport & PastDueReport> {
  requireAccess(auth, ADMIN);
  return runContractBilling(deps, deps.clock.now());
}
