import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ProposalListQuery } from '../../domain/proposals/proposal-repository.ts';
import { requireAccess } from '../shared/require-access.ts';
import { AUDIT_ENTITY, today, type ProposalDeps } from './proposal-deps.ts';
import { loadProposal, toView, type ProposalView } from './proposal-views.ts';

export async function listProposals(deps: ProposalDeps, auth: AuthState, q: Omit<ProposalListQuery, 'today'>): Promise<{ items: ProposalView[]; nextCursor: string | null }> {
  requireAccess(auth, 'viewProposals');
  const page = await deps.proposals.list({ ...q, today: today(deps) });
  // Lists skip the site lookup: the address is only shown on the detail.
  return { items: await Promise.all(page.items.map((p) => toView(deps, p, ''))), nextCursor: page.nextCursor };
}

export async function getProposal(deps: ProposalDeps, auth: AuthState, id: string): Promise<ProposalView> {
  requireAccess(auth, 'viewProposals');
  return toView(deps, await loadProposal(deps, id));
}

export async function proposalAudit(deps: ProposalDeps, auth: AuthState, id: string) {
  requireAccess(auth, 'viewProposals');
  await loadProposal(deps, id);
  return deps.audit.listFor(AUDIT_ENTITY, id, { limit: 100 });
}
