import type { AuthState } from '../../domain/auth/permissions.ts';
import type { MonitoringContract } from '../../domain/monitoring/monitoring-contract.ts';
import type { UnsentDraft } from '../../domain/monitoring/contract-repository.ts';
import { keyView, type IdempotencyRecord, type KeyView } from '../../domain/schedule/idempotency-keys.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { contractScope, type MonitoringDeps } from './monitoring-deps.ts';
import { mayAccess, requireAccess } from '../shared/require-access.ts';

export interface ContractInvoiceView {
  period: string;
  state: KeyView;
  invoiceId: string | null;
  number: string | null;
  amountCents: number | null;
  claimedAt: string;
  completedAt: string | null;
  error: string | null;
  /** The invoice's own status once made (draft, sent, partial, paid, void): "done" only says the run made it. */
  invoiceStatus: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function invoiceView(r: IdempotencyRecord, now: Date, stuckAfterMs: number): ContractInvoiceView {
  return {
    period: r.key.slice(r.key.lastIndexOf(':') + 1),
    state: keyView(r, now, stuckAfterMs),
    invoiceId: str(r.result?.['invoiceId']),
    number: str(r.result?.['number']),
    amountCents: typeof r.result?.['amountCents'] === 'number' ? r.result['amountCents'] : null,
    claimedAt: r.claimedAt,
    completedAt: r.completedAt,
    error: r.error,
    invoiceStatus: null,
  };
}

/** The contract with the invoices its billing runs made (and any period stuck or failed). */
export async function getContract(
  deps: Pick<MonitoringDeps, 'contracts' | 'keys' | 'clock' | 'stuckAfterMs' | 'invoices'>,
  auth: AuthState,
  id: string,
): Promise<{ contract: MonitoringContract; invoices: ContractInvoiceView[]; unsentDrafts: UnsentDraft[]; canEdit: boolean }> {
  requireAccess(auth, 'viewClients');
  const contract = await deps.contracts.get(id);
  if (!contract) throw new DomainError('not-found', 'No such contract.');
  const records = await deps.keys.listByScope(contractScope(id), 200);
  const now = deps.clock.now();
  const statuses = await deps.invoices.invoiceStatuses(id);
  const invoices = records
    .map((r) => invoiceView(r, now, deps.stuckAfterMs))
    .map((v) => ({ ...v, invoiceStatus: v.invoiceId ? (statuses.get(v.invoiceId) ?? null) : null }))
    .sort((a, b) => (a.period < b.period ? 1 : -1));
  const unsentDrafts = contract.status === 'cancelled' ? [] : await deps.invoices.unsentDrafts(id);
  return { contract, invoices, unsentDrafts, canEdit: mayAccess(auth, 'editClients') };
}
