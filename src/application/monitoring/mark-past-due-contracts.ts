import { dateKey } from '../../domain/analytics/page-view.ts';
import { addDays } from '../../domain/monitoring/billing-period.ts';
import { transitionContract } from '../../domain/monitoring/monitoring-contract.ts';
import { recordContractAudit } from './contract-audit.ts';
import { SCHEDULER_ACTOR, type MonitoringDeps } from './monitoring-deps.ts';

export interface PastDueReport {
  markedPastDue: string[];
  backToActive: string[];
}

/**
 * Active contracts with an unpaid contract invoice more than `pastDueAfterDays` past its due date
 * become past-due; past-due ones with none left become active again. Invoices are read loosely
 * from the invoices feature's collection; without it nothing changes.
 */
export async function markPastDueContracts(deps: Pick<MonitoringDeps, 'contracts' | 'invoices' | 'audit' | 'timeZone' | 'pastDueAfterDays'>, now: Date): Promise<PastDueReport> {
  const cutoff = addDays(dateKey(now, deps.timeZone), -deps.pastDueAfterDays);
  const overdue = await deps.invoices.contractsWithOverdueInvoices(cutoff);
  const report: PastDueReport = { markedPastDue: [], backToActive: [] };
  for (const c of await deps.contracts.listByStatus(['active', 'past-due'])) {
    const to = overdue.has(c.id) ? 'past-due' : 'active';
    if (c.status === to) continue;
    const change = transitionContract(c, { to }, now);
    const after = await deps.contracts.update(c.id, change);
    await recordContractAudit(deps.audit, SCHEDULER_ACTOR, now, c, after, to === 'past-due' ? 'past-due' : 'reactivated');
    (to === 'past-due' ? report.markedPastDue : report.backToActive).push(c.id);
  }
  return report;
}
