import type { AuthState } from '../../domain/auth/permissions.ts';
import { dateKey } from '../../domain/analytics/page-view.ts';
import { churn, CONTRACT_STATUSES, monthlyRecurringRevenue, upcomingRenewals, type ChurnFigures, type ContractStatus } from '../../domain/monitoring/monitoring-contract.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { mayAccess, requireAccess } from '../shared/require-access.ts';
import { invoiceView } from './get-contract.ts';
import type { KeyView } from '../../domain/schedule/idempotency-keys.ts';

export interface MonitoringSummary {
  /** Null without viewInvoices: revenue is invoice-level information (issue 15 finding 14). */
  mrrCents: number | null;
  counts: Record<ContractStatus, number>;
  /** Null without viewInvoices, like MRR: lost recurring business is a revenue figure. */
  churn: (ChurnFigures & { from: string; to: string }) | null;
  renewals: { id: string; clientName: string; siteLabel: string; plan: string; endDate: string }[];
  needsAttention: { contractId: string; period: string; state: KeyView; error: string | null }[];
}

const DAY_MS = 86_400_000;

/**
 * MRR, counts by status, churn over the last `churnDays` days and renewals in the next
 * `renewalDays`. Counts and renewals are for anyone who views clients; MRR and churn only for
 * those who may also view invoices.
 */
export async function contractSummary(
  deps: Pick<MonitoringDeps, 'contracts' | 'keys' | 'clock' | 'timeZone' | 'stuckAfterMs'>,
  auth: AuthState,
  options: { churnDays: number; renewalDays: number },
): Promise<MonitoringSummary> {
  requireAccess(auth, 'viewClients');
  const now = deps.clock.now();
  const today = dateKey(now, deps.timeZone);
  const all = await deps.contracts.listAll();
  const counts = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, all.filter((c) => c.status === s).length])) as Record<ContractStatus, number>;
  const from = new Date(now.getTime() - options.churnDays * DAY_MS).toISOString();
  const to = now.toISOString();
  const stuckBefore = new Date(now.getTime() - deps.stuckAfterMs).toISOString();
  const attention = await deps.keys.listNeedingAttention(stuckBefore, 50);
  const revenue = mayAccess(auth, 'viewInvoices');
  return {
    mrrCents: revenue ? monthlyRecurringRevenue(all, today) : null,
    counts,
    churn: revenue ? { ...churn(all, from, to), from, to } : null,
    renewals: upcomingRenewals(all, today, options.renewalDays).map((c) => ({ id: c.id, clientName: c.clientName, siteLabel: c.siteLabel, plan: c.plan, endDate: c.endDate! })),
    needsAttention: attention
      .filter((r) => r.scope.startsWith('contract:'))
      .map((r) => {
        const v = invoiceView(r, now, deps.stuckAfterMs);
        return { contractId: r.scope.slice('contract:'.length), period: v.period, state: v.state, error: v.error };
      }),
  };
}
