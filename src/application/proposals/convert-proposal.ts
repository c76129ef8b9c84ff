import type { Actor } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { chosenOption, effectiveStatus, markConverted, totalsOf, type ConversionProgress, type Proposal } from '../../domain/proposals/proposal.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { applyStockMovement } from '../inventory/apply-stock-movement.ts';
import { requireAccess } from '../shared/require-access.ts';
import { audit, today, type ProposalDeps } from './proposal-deps.ts';
import { toView, type ProposalView } from './proposal-views.ts';
import { depositInvoiceInput } from './deposit-invoice.ts';

/** A conversion that started longer ago than this and never ended is taken to have died. */
const STALE_CLAIM_MS = 5 * 60_000;

const EMPTY: ConversionProgress = { startedAt: '', reserved: false, jobId: null, jobNumber: null, invoiceId: null, invoiceNumber: null };

/** Units to reserve per inventory item of the option (fractional quantities round up). */
export function reservations(p: Proposal): { itemId: string; quantity: number }[] {
  const sums = new Map<string, number>();
  for (const l of chosenOption(p).lines) if (l.kind === 'item' && l.itemId) sums.set(l.itemId, (sums.get(l.itemId) ?? 0) + Math.round(l.quantity * 100));
  return [...sums].map(([itemId, hundredths]) => ({ itemId, quantity: Math.ceil(hundredths / 100) }));
}

async function reserveStock(deps: ProposalDeps, actor: Actor, p: Proposal): Promise<void> {
  const inv = { inventory: deps.inventory, clock: deps.clock, ids: deps.ids };
  const movement = (kind: 'reserve' | 'release', quantity: number) => ({
    kind,
    quantity,
    serials: [],
    reason: `Proposal ${p.number}`,
    jobId: null,
    proposalId: p.id,
    siteId: p.siteId,
    supplier: null,
    fromReservation: false,
    direction: null,
  });
  const done: { itemId: string; quantity: number }[] = [];
  try {
    for (const r of reservations(p)) {
      await applyStockMovement(inv, actor, r.itemId, movement('reserve', r.quantity));
      done.push(r);
    }
  } catch (err) {
    // All or nothing: what was reserved before the shortage is released again.
    for (const r of done) await applyStockMovement(inv, actor, r.itemId, movement('release', r.quantity));
    throw err;
  }
}

/**
 * Accepted → one job (install, titled after the chosen option), the deposit invoice (issued at
 * acceptance and reused here; made now, Net 0, only for acceptances older than that) and
 * stock reserved for the option's items; then 'converted' with the links.
 *
 * Exactly once: a claim written on the proposal refuses a second convert while one runs, and
 * each finished step is recorded before the next starts, so a convert retried after a failure
 * resumes where it stopped instead of doubling a job, an invoice or a reservation.
 */
export async function convertProposal(deps: ProposalDeps, auth: AuthState, id: string): Promise<ProposalView> {
  const actor = requireAccess(auth, 'editProposals');
  const claimed = await deps.proposals.update(id, (cur) => {
    if (cur.status === 'converted') throw new DomainError('conflict', `Proposal ${cur.number} is already converted (job ${cur.conversion?.jobNumber ?? '?'}).`);
    const status = effectiveStatus(cur, today(deps));
    if (status !== 'accepted') throw new DomainError('conflict', `Only an accepted proposal can be converted; ${cur.number} is '${status}'.`);
    const running = cur.converting?.startedAt ? deps.clock.now().getTime() - Date.parse(cur.converting.startedAt) : Infinity;
    if (running < STALE_CLAIM_MS) throw new DomainError('conflict', `Proposal ${cur.number} is being converted already.`);
    return { ...cur, converting: { ...(cur.converting ?? EMPTY), startedAt: deps.clock.now().toISOString() } };
  });
  const option = chosenOption(claimed);
  const totals = totalsOf(claimed, option);
  let progress = claimed.converting ?? EMPTY;
  const record = async (patch: Partial<ConversionProgress>) => {
    const saved = await deps.proposals.update(id, (cur) => ({ ...cur, converting: { ...(cur.converting ?? EMPTY), ...patch } }));
    progress = saved.converting ?? EMPTY;
  };
  try {
    if (!progress.reserved) {
      await reserveStock(deps, actor, claimed);
      await record({ reserved: true });
    }
    if (progress.jobId === null) {
      const job = await deps.jobs.createJob(
        {
          clientId: claimed.clientId,
          siteId: claimed.siteId,
          type: 'install',
          title: option.name,
          notes: `From proposal ${claimed.number}${claimed.title ? ` (${claimed.title})` : ''}, accepted by ${claimed.acceptance?.name ?? '?'}.`,
          checklist: option.lines.map((l) => `${l.quantity} × ${l.description}`),
          proposalId: claimed.id,
        },
        actor,
      );
      await record({ jobId: job.id, jobNumber: job.number });
    }
    // The deposit invoice issued at acceptance is the conversion's: never a second one.
    if (progress.invoiceId === null && claimed.depositInvoice?.id) await record({ invoiceId: claimed.depositInvoice.id, invoiceNumber: claimed.depositInvoice.number });
    if (progress.invoiceId === null && totals.depositCents > 0) {
      // Accepted before deposits were billed at acceptance: billed now, as a draft staff send.
      const invoice = await deps.invoices.createInvoice(depositInvoiceInput(deps, claimed), actor);
      await record({ invoiceId: invoice.id, invoiceNumber: invoice.number });
    }
  } catch (err) {
    await deps.proposals.update(id, (cur) => ({ ...cur, converting: { ...(cur.converting ?? EMPTY), startedAt: '' } }));
    throw err;
  }
  const conversion = {
    jobId: progress.jobId ?? '',
    jobNumber: progress.jobNumber ?? '',
    invoiceId: progress.invoiceId,
    invoiceNumber: progress.invoiceNumber,
    at: deps.clock.now().toISOString(),
  };
  const saved = await deps.proposals.update(id, (cur) => markConverted(cur, conversion, today(deps)));
  await audit(deps, actor, id, 'convert', [
    { field: 'status', from: 'accepted', to: 'converted' },
    { field: 'jobNumber', from: null, to: conversion.jobNumber },
    { field: 'invoiceNumber', from: null, to: conversion.invoiceNumber },
  ]);
  return toView(deps, saved);
}
