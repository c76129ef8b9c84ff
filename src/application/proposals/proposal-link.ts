import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { LINK_REVOKED, LINK_ROTATED, linkActive, linkChange, revokeLink, rotateLink, type PublicLinkView } from '../../domain/shared/public-link.ts';
import { requireAccess } from '../shared/require-access.ts';
import { audit, publicLink, type ProposalDeps } from './proposal-deps.ts';
import { loadProposal } from './proposal-views.ts';

/**
 * Staff switch a proposal's public link off (issue 15 finding 6; also how a proposal is
 * withdrawn from the client): /p/<token> then answers "no longer valid, contact us" and can no
 * longer be accepted. Audited; doing it twice writes nothing.
 */
export async function revokeProposalLink(deps: ProposalDeps, auth: AuthState, id: string): Promise<PublicLinkView> {
  const actor = requireAccess(auth, 'editProposals');
  const before = await loadProposal(deps, id);
  if (!linkActive(before)) return { url: publicLink(deps, before.publicToken), active: false };
  const saved = await deps.proposals.update(id, (cur) => revokeLink(cur, deps.clock.now()));
  await audit(deps, actor, id, LINK_REVOKED, [linkChange(before, 'revoked')]);
  return { url: publicLink(deps, saved.publicToken), active: linkActive(saved) };
}

/** A new link for the proposal; the old one stops working ("sent to the wrong person"). Not for a declined proposal. */
export async function rotateProposalLink(deps: ProposalDeps, auth: AuthState, id: string): Promise<PublicLinkView> {
  const actor = requireAccess(auth, 'editProposals');
  const before = await loadProposal(deps, id);
  const token = deps.tokens.next();
  const saved = await deps.proposals.update(id, (cur) => {
    if (cur.status === 'declined') throw new DomainError('conflict', `${cur.number} was declined, so its link stays closed. Duplicate it to send a new proposal.`);
    return rotateLink(cur, token);
  });
  await audit(deps, actor, id, LINK_ROTATED, [linkChange(before, 'new link')]);
  return { url: publicLink(deps, saved.publicToken), active: linkActive(saved) };
}
