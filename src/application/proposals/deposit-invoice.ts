/**
 * The deposit is billed when the customer accepts (docs/proposals.md "Deposit at acceptance"):
 * the deposit invoice is created and issued at once (numbered like every invoice, audited), so the
 * accepted page can offer "Pay the deposit now" and the acceptance mail can link it. Conversion
 * reuses it. Once only: a claim is written on the proposal before the invoice is created, so two
 * finishers (a retry after a crash, two instances) never issue two; a claim whose maker died is
 * taken over after five minutes.
 */
import type { Actor } from '../../domain/audit/audit-entry.ts';
import type { PayableInvoiceState } from '../../domain/invoices/invoice-issuer.ts';
import { chosenOption, totalsOf, type Proposal } from '../../domain/proposals/proposal.ts';
import { formatMoney } from '../../domain/shared/money.ts';
import { audit, today, type ProposalDeps } from './proposal-deps.ts';

const STALE_CLAIM_MS = 5 * 60_000;

/** Who the invoice's audit entry says created it: the acceptance, not a staff member. */
const acceptanceActor = (p: Proposal): Actor => ({ id: 'proposal-acceptance', name: `Acceptance of ${p.number}` });

/** What the deposit invoice bills (also what conversion issued for acceptances made before this). */
export function depositInvoiceInput(deps: Pick<ProposalDeps, 'clock' | 'timeZone' | 'money'>, p: Proposal) {
  const option = chosenOption(p);
  const totals = totalsOf(p, option);
  return {
    clientId: p.clientId,
    siteId: p.siteId,
    source: { kind: 'proposal' as const, id: p.id },
    title: `Deposit for proposal ${p.number}`,
    lines: [{ description: `Deposit ${p.depositPercent} % of ${option.name}`, quantity: 1, unitPriceCents: totals.depositCents, taxRateBp: 0, itemId: null }],
    terms: 'net0' as const,
    issueDate: today(deps),
    notes: `${option.name}: ${formatMoney(totals.totalCents, deps.money)} in total, tax included; the deposit is deducted from the final invoice.`,
  };
}

/** Issues the accepted proposal's deposit invoice once; a 0 % deposit issues none. Returns the proposal as saved. */
export async function ensureDepositInvoice(deps: ProposalDeps, p: Proposal): Promise<Proposal> {
  if (!p.acceptance || p.conversion || p.depositInvoice?.id) return p;
  if (totalsOf(p, chosenOption(p)).depositCents <= 0) return p;
  const now = deps.clock.now();
  let mine = false;
  const claimed = await deps.proposals.update(p.id, (cur) => {
    mine = false;
    const held = cur.depositInvoice;
    if (cur.conversion || held?.id || (held && now.getTime() - Date.parse(held.claimedAt) < STALE_CLAIM_MS)) return cur;
    mine = true;
    return { ...cur, depositInvoice: { id: null, number: null, claimedAt: now.toISOString() } };
  });
  if (!mine) return claimed;
  const actor = acceptanceActor(claimed);
  let invoice;
  try {
    invoice = await deps.invoices.createInvoice({ ...depositInvoiceInput(deps, claimed), issue: true }, actor);
  } catch (err) {
    // Let the next try (the customer's retry, a certificate read) issue it instead of waiting out the claim.
    await deps.proposals.update(p.id, (cur) => (cur.depositInvoice?.id ? cur : { ...cur, depositInvoice: null }));
    throw err;
  }
  const saved = await deps.proposals.update(p.id, (cur) => ({ ...cur, depositInvoice: { id: invoice.id, number: invoice.number, claimedAt: now.toISOString() } }));
  await audit(deps, actor, p.id, 'deposit-invoice', [{ field: 'invoiceNumber', from: null, to: invoice.number }]);
  return saved;
}

/** The deposit invoice as the customer may see it now (the accepted page), or null. */
export async function depositInvoiceState(deps: ProposalDeps, p: Proposal): Promise<PayableInvoiceState | null> {
  const id = p.depositInvoice?.id ?? p.conversion?.invoiceId ?? null;
  if (!id || !deps.invoices.payableState) return null;
  return deps.invoices.payableState(id);
}
