import type { AuthState } from '../../domain/auth/permissions.ts';
import { transitionContract, type MonitoringContract, type TransitionInput } from '../../domain/monitoring/monitoring-contract.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { MonitoringDeps } from './monitoring-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { recordContractAudit } from './contract-audit.ts';
import { billContractNow } from './generate-due-contract-invoices.ts';
import { periodOf } from '../../domain/monitoring/billing-period.ts';
import { dateKey } from '../../domain/shared/calendar-date.ts';

export interface StatusChangeInput extends TransitionInput {
  /** On cancelling: the contract's unsent draft invoices the admin chose to void (needs editInvoices). */
  voidInvoiceIds?: readonly string[];
  /**
   * On activating: 'start' bills every period since the start date (catch-up, as previewed);
   * 'current-period' bills from the period holding today, for a customer whose earlier months
   * were settled some other way. The periods left out are named in the history.
   */
  billFrom?: 'start' | 'current-period';
}

const VOID_REASON_MAX = 500;

/**
 * Activate, cancel (reason required) or any other allowed move; refused moves are conflicts.
 * Cancelling may void draft invoices of the contract that were never sent, as the admin chose:
 * each must be one of them (a sent invoice needs a credit note, on the invoices screen).
 */
export async function changeContractStatus(deps: MonitoringDeps, auth: AuthState, id: string, input: StatusChangeInput): Promise<MonitoringContract> {
  const actor = requireAccess(auth, 'editClients');
  const before = await deps.contracts.get(id);
  if (!before) throw new DomainError('not-found', 'No such contract.');
  const toVoid = input.to === 'cancelled' ? [...new Set(input.voidInvoiceIds ?? [])] : [];
  if (toVoid.length > 0) {
    requireAccess(auth, 'editInvoices');
    const drafts = new Set((await deps.invoices.unsentDrafts(id)).map((d) => d.invoiceId));
    if (toVoid.some((v) => !drafts.has(v))) {
      const message = 'Only unsent draft invoices of this contract can be voided here; reload to see which are left.';
      throw new DomainError('validation', message, { voidInvoiceIds: [message] });
    }
  }
  const now = deps.clock.now();
  const activating = input.to === 'active' && before.status === 'pending';
  const fromToday = activating && input.billFrom === 'current-period' ? periodOf(before.billingCycle, dateKey(now, deps.timeZone)).start : null;
  const skip = fromToday !== null && fromToday > before.nextBillingDate ? { nextBillingDate: fromToday } : {};
  const after = await deps.contracts.update(id, { ...transitionContract(before, input, now), ...skip });
  await recordContractAudit(deps.audit, actor, now, before, after, input.to === 'cancelled' ? 'cancelled' : `status:${input.to}`);
  const reason = `Contract cancelled: ${after.cancelReason ?? ''}`.slice(0, VOID_REASON_MAX);
  for (const invoiceId of toVoid) await deps.voidDraftInvoice(invoiceId, reason, actor);
  // Activating bills the periods already due at once, as its preview said; the nightly run
  // would otherwise leave the owner looking at "No invoices generated yet". Idempotent per period.
  if (input.to === 'active' && before.status !== 'active') await billContractNow(deps, after, now);
  return (await deps.contracts.get(id)) ?? after;
}
