import type { AuthState } from '../../domain/auth/permissions.ts';
import { duePeriods } from '../../domain/monitoring/billing-period.ts';
import { periodLabel } from '../../domain/monitoring/contract-invoice.ts';
import type { MonitoringContract } from '../../domain/monitoring/monitoring-contract.ts';
import { lineTaxCents } from '../../domain/shared/money.ts';
import { dateKey } from '../../domain/shared/calendar-date.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { contractPeriodKey, type MonitoringDeps } from './monitoring-deps.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

/**
 * What a billing run would create, before it does (catch-up billing can make a dozen invoices at
 * once): each draft invoice with its period and amount, their count and total (tax included, as
 * the invoices will show it). Nothing is written.
 */
export interface BillingPreviewInvoice {
  contractId: string;
  clientName: string;
  siteLabel: string;
  plan: string;
  period: string;
  /** The period as on the invoice line ("2026-11", or "2026-11, 2026-11-15 to 2026-11-30 (16 of 30 days)"). */
  label: string;
  billedFrom: string;
  billedTo: string;
  totalCents: number;
}

export interface BillingPreview {
  invoices: BillingPreviewInvoice[];
  count: number;
  totalCents: number;
}

type PreviewDeps = Pick<MonitoringDeps, 'contracts' | 'keys' | 'clock' | 'timeZone'> & Partial<Pick<MonitoringDeps, 'locale'>>;

/** The periods of one contract a run would bill today: due, and not claimed by an earlier run. */
async function contractPreview(deps: PreviewDeps, c: MonitoringContract, today: string): Promise<BillingPreviewInvoice[]> {
  if (c.status === 'cancelled') return [];
  const out: BillingPreviewInvoice[] = [];
  for (const p of duePeriods(c, today, c.nextBillingDate)) {
    if (await deps.keys.get(contractPeriodKey(c.id, p.key))) continue;
    out.push({
      contractId: c.id,
      clientName: c.clientName,
      siteLabel: c.siteLabel,
      plan: c.plan,
      period: p.key,
      label: periodLabel(p, deps.locale ?? 'en-US'),
      billedFrom: p.billedFrom,
      billedTo: p.billedTo,
      totalCents: p.amountCents + lineTaxCents(p.amountCents, c.taxRateBp),
    });
  }
  return out;
}

const summed = (invoices: BillingPreviewInvoice[]): BillingPreview => ({
  invoices,
  count: invoices.length,
  totalCents: invoices.reduce((s, i) => s + i.totalCents, 0),
});

/** Before "Run billing now": every invoice the run would create across the billable contracts. */
export async function previewBillingRun(deps: PreviewDeps, auth: AuthState): Promise<BillingPreview> {
  requireAccess(auth, ADMIN);
  const today = dateKey(deps.clock.now(), deps.timeZone);
  const invoices: BillingPreviewInvoice[] = [];
  for (const c of await deps.contracts.listDueForBilling(today)) invoices.push(...(await contractPreview(deps, c, today)));
  return summed(invoices);
}

/**
 * Before activating (or after changing the start date of) one contract: the invoices billing
 * would create for it today, as if it were active, so a start date far back is seen first.
 */
export async function previewContractBilling(deps: PreviewDeps, auth: AuthState, contractId: string): Promise<BillingPreview> {
  requireAccess(auth, 'editClients');
  const contract = await deps.contracts.get(contractId);
  if (!contract) throw new DomainError('not-found', 'No such contract.');
  return summed(await contractPreview(deps, contract, dateKey(deps.clock.now(), deps.timeZone)));
}
