import { accept, decline, isWellFormedToken, markViewed, type Proposal } from '../../domain/proposals/proposal.ts';
import type { PresentedProposal } from '../../domain/proposals/proposal-presentation.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { linkGone, linkIsLive } from '../../domain/shared/public-link.ts';
import { audit, clientActor, today, type ProposalDeps } from './proposal-deps.ts';
import { presented, proposalPdfBytes } from './proposal-views.ts';
import { notifyOfficeOfResponse } from './notify-office-of-response.ts';

/** The public link: the token is the only key; a wrong one reads as "no such proposal", a dead one as "no longer valid". */
async function byToken(deps: ProposalDeps, token: string): Promise<Proposal> {
  const p = isWellFormedToken(token) ? await deps.proposals.findByToken(token) : null;
  if (!p || p.status === 'draft') throw new DomainError('not-found', 'This proposal link is not valid. Please contact us for a new one.');
  // Revoked, rotated away or declined: 410 with the company to contact, nothing of the proposal.
  if (!linkIsLive(p, token)) throw linkGone(deps.company);
  return p;
}

/**
 * The client opens the link: the first view marks the proposal viewed (audited). Staff checking
 * the link while signed in (`byStaff`) do not count as the client having seen it.
 */
export async function viewPublicProposal(deps: ProposalDeps, token: string, ip: string, byStaff = false): Promise<PresentedProposal> {
  let p = await byToken(deps, token);
  if (p.status === 'sent' && !byStaff) {
    let first = false;
    p = await deps.proposals.update(p.id, (cur) => {
      const r = markViewed(cur, deps.clock.now());
      first = r.first;
      return r.proposal;
    });
    if (first) await audit(deps, clientActor(p.clientName), p.id, 'viewed', [{ field: 'ip', from: null, to: ip }]);
    if (first) await deps.notify?.({ kind: 'proposal-viewed', proposal: p });
  }
  return presented(deps, p);
}

export async function acceptPublicProposal(deps: ProposalDeps, token: string, input: { optionId: string; name: string }, ip: string): Promise<PresentedProposal> {
  const p = await byToken(deps, token);
  const saved = await deps.proposals.update(p.id, (cur) => accept(cur, { ...input, ip }, deps.clock.now(), today(deps)));
  const option = saved.options.find((o) => o.id === input.optionId);
  await audit(deps, clientActor(saved.acceptance?.name ?? p.clientName), p.id, 'accept', [
    { field: 'status', from: p.status, to: saved.status },
    { field: 'option', from: null, to: option?.name ?? input.optionId },
    { field: 'ip', from: null, to: ip },
  ]);
  await deps.directory.markLeadWon?.(saved.clientId); // the client's quote request is won (clients feature)
  await notifyOfficeOfResponse(deps, saved);
  return presented(deps, saved);
}

export async function declinePublicProposal(deps: ProposalDeps, token: string, input: { reason: string }, ip: string): Promise<PresentedProposal> {
  const p = await byToken(deps, token);
  const saved = await deps.proposals.update(p.id, (cur) => decline(cur, { reason: input.reason, ip }, deps.clock.now(), today(deps)));
  await audit(deps, clientActor(p.clientName), p.id, 'decline', [
    { field: 'status', from: p.status, to: saved.status },
    { field: 'reason', from: null, to: input.reason || null },
    { field: 'ip', from: null, to: ip },
  ]);
  await notifyOfficeOfResponse(deps, saved);
  return presented(deps, saved);
}

/** The PDF from the public page: the same document the client was mailed. */
export async function publicProposalPdf(deps: ProposalDeps, token: string): Promise<{ fileName: string; pdf: Uint8Array }> {
  const p = await byToken(deps, token);
  return { fileName: `${p.number}.pdf`, pdf: await proposalPdfBytes(deps, p) };
}
