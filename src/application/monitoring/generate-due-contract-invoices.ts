import { dateKey } from '../../domain/analytics/page-view.ts';
import { duePeriods, nextPeriodStart } from '../../domain/monitoring/billing-period.ts';
import type { MonitoringContract } from '../../domain/monitoring/monitoring-contract.ts';
import { periodInvoice } from '../../domain/monitoring/contract-invoice.ts';
import { runOnce } from '../schedule/run-once.ts';
import { contractPeriodKey, contractScope, SCHEDULER_ACTOR, type MonitoringDeps } from './monitoring-deps.ts';

export interface BillingRunReport {
  contracts: number;
  created: { contractId: string; period: string; invoiceId: string; number: string; amountCents: number }[];
  /** Periods someone already claimed (done, or in progress elsewhere, stuck or failed). */
  skipped: number;
  failed: { contractId: string; period: string; error: string }[];
  /** Auto-pay charges the run could not ask for (the invoice stays issued and due; a later payment goes through its link). */
  autoPayFailed?: { invoiceId: string; error: string }[];
}

/** Bills never reach past this; a contract whose end date is billed is parked here. */
const NEVER = '9999-12-31';

/**
 * The billing run: for every billable contract, every due period gets its invoice exactly once
 * (idempotency key `contract:<id>:<period>`, claimed before the invoice is created). Safe to run
 * from two processes at once and after a crash mid-run; see docs/monitoring.md.
 */
export async function generateDueContractInvoices(
  deps: Pick<MonitoringDeps, 'contracts' | 'keys' | 'issuer' | 'timeZone' | 'holder'> & Partial<Pick<MonitoringDeps, 'locale' | 'autoPay'>>,
  now: Date,
  signal?: AbortSignal,
): Promise<BillingRunReport> {
  const today = dateKey(now, deps.timeZone);
  const due = await deps.contracts.listDueForBilling(today);
  const report: BillingRunReport = { contracts: due.length, created: [], skipped: 0, failed: [] };
  for (const contract of due) {
    if (signal?.aborted) break;
    await billContract(deps, contract, today, report);
  }
  return report;
}

/** The auto-pay charge of a new invoice; its failure never stops the run (the charge is keyed by the invoice, so asking again charges once). */
async function chargeIssued(deps: Partial<Pick<MonitoringDeps, 'autoPay'>>, clientId: string, invoiceId: string, report: BillingRunReport): Promise<void> {
  try {
    await deps.autoPay?.charge(clientId, invoiceId);
  } catch (e) {
    (report.autoPayFailed ??= []).push({ invoiceId, error: e instanceof Error ? e.message : String(e) });
  }
}

/** One contract's due periods, now (activation bills what its preview showed, without waiting for the nightly run). */
export async function billContractNow(deps: Pick<MonitoringDeps, 'contracts' | 'keys' | 'issuer' | 'timeZone' | 'holder'> & Partial<Pick<MonitoringDeps, 'locale' | 'autoPay'>>, contract: MonitoringContract, now: Date): Promise<BillingRunReport> {
  const report: BillingRunReport = { contracts: 1, created: [], skipped: 0, failed: [] };
  await billContract(deps, contract, dateKey(now, deps.timeZone), report);
  return report;
}

async function billContract(
  deps: Pick<MonitoringDeps, 'contracts' | 'keys' | 'issuer' | 'holder'> & Partial<Pick<MonitoringDeps, 'locale' | 'autoPay'>>,
  c: MonitoringContract,
  today: string,
  report: BillingRunReport,
): Promise<void> {
  const periods = duePeriods(c, today, c.nextBillingDate);
  // The oldest period without a finished invoice: the next run starts looking there.
  let openFrom: string | null = null;
  // A client on auto-pay: the invoice is issued (sent) at once, then charged to the card on file.
  const autoPay = periods.length > 0 && deps.autoPay ? await deps.autoPay.isOn(c.clientId) : false;
  for (const p of periods) {
    const key = contractPeriodKey(c.id, p.key);
    const outcome = await runOnce(deps.keys, { key, scope: contractScope(c.id), holder: deps.holder }, async () => {
      const invoice = await deps.issuer.createInvoice(
        { ...periodInvoice(c, p, today, deps.locale ?? 'en-US'), ...(autoPay ? { issue: true } : {}) },
        SCHEDULER_ACTOR,
      );
      return { invoiceId: invoice.id, number: invoice.number, period: p.key, amountCents: p.amountCents, prorated: p.prorated, billedFrom: p.billedFrom, billedTo: p.billedTo };
    });
    if (outcome.status === 'ran') {
      report.created.push({ contractId: c.id, period: p.key, invoiceId: outcome.result.invoiceId, number: outcome.result.number, amountCents: p.amountCents });
      if (autoPay) await chargeIssued(deps, c.clientId, outcome.result.invoiceId, report);
      continue;
    }
    if (outcome.status === 'failed') report.failed.push({ contractId: c.id, period: p.key, error: outcome.error });
    else report.skipped++;
    if (outcome.status === 'failed' || outcome.record?.status !== 'done') openFrom ??= p.start;
  }
  const last = periods.at(-1);
  let next = openFrom ?? (last ? nextPeriodStart(c.billingCycle, last.start) : c.nextBillingDate);
  if (c.endDate !== null && next > c.endDate) next = NEVER;
  if (next !== c.nextBillingDate) await deps.contracts.update(c.id, { nextBillingDate: next });
}
