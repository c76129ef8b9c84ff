import { creation } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { documentClientName } from '../../domain/clients/client-names.ts';
import { duplicateContent, newProposal, updateDraft, type Proposal, type ProposalContent } from '../../domain/proposals/proposal.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import { audit, today, type ProposalDeps } from './proposal-deps.ts';
import { loadProposal, toView, type ProposalView } from './proposal-views.ts';

const calendarOf = (deps: ProposalDeps) => ({ today: today(deps), money: deps.money });

/** The client must exist and own the site; its name is kept on the proposal for lists and mail. */
async function clientName(deps: ProposalDeps, content: ProposalContent): Promise<string> {
  const found = await deps.directory.getSite(content.clientId, content.siteId);
  if (!found) throw new DomainError('validation', 'Pick a client and one of its sites.', { siteId: ['Pick one of the client’s sites.'] });
  return documentClientName(found.client);
}

/** Item lines must name inventory items that exist. */
async function checkItems(deps: ProposalDeps, content: ProposalContent): Promise<void> {
  const ids = new Set(content.options.flatMap((o) => o.lines.flatMap((l) => (l.kind === 'item' && l.itemId ? [l.itemId] : []))));
  for (const id of ids) {
    if (!(await deps.inventory.getItem(id))) throw new DomainError('validation', `Inventory item ${id} does not exist.`, { options: [`Unknown inventory item ${id}.`] });
  }
}

export async function insertProposal(deps: ProposalDeps, actor: { id: string; name: string }, content: ProposalContent, action = 'create'): Promise<Proposal> {
  const name = await clientName(deps, content);
  await checkItems(deps, content);
  const now = deps.clock.now();
  const id = deps.ids.next();
  const publicToken = deps.tokens.next();
  const p = await deps.proposals.create(Number(now.toISOString().slice(0, 4)), (number) => newProposal(content, { id, number, publicToken, clientName: name }, now, calendarOf(deps)));
  await audit(deps, actor, p.id, action, creation(p.number));
  return p;
}

export async function createProposal(deps: ProposalDeps, auth: AuthState, content: ProposalContent): Promise<ProposalView> {
  const actor = requireAccess(auth, 'editProposals');
  return toView(deps, await insertProposal(deps, actor, content));
}

export async function updateProposal(deps: ProposalDeps, auth: AuthState, id: string, content: ProposalContent): Promise<ProposalView> {
  const actor = requireAccess(auth, 'editProposals');
  const before = await loadProposal(deps, id);
  const name = await clientName(deps, content);
  await checkItems(deps, content);
  const saved = await deps.proposals.update(id, (p) => ({ ...updateDraft(p, content, deps.clock.now(), calendarOf(deps)), clientName: name }));
  await audit(deps, actor, id, 'update', [{ field: 'validUntil', from: before.validUntil, to: saved.validUntil }].filter((c) => c.from !== c.to));
  return toView(deps, saved);
}

/** A new draft with the content of any proposal (a new version after it was sent or declined). */
export async function duplicateProposal(deps: ProposalDeps, auth: AuthState, id: string): Promise<ProposalView> {
  const actor = requireAccess(auth, 'editProposals');
  const source = await loadProposal(deps, id);
  const copy = await insertProposal(deps, actor, duplicateContent(source, today(deps)), 'duplicate');
  await audit(deps, actor, copy.id, 'duplicated-from', [{ field: 'source', from: null, to: source.number }]);
  return toView(deps, copy);
}
