import type { AuthState } from '../../domain/auth/permissions.ts';
import { markSent, type Proposal } from '../../domain/proposals/proposal.ts';
import { proposalMail } from '../../domain/proposals/proposal-presentation.ts';
import { changeLeadStatus, nextLeadStatuses } from '../../domain/quotes/quote-request.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { aboutProposal } from '../../domain/mail/mailer.ts';
import { requireAccess } from '../shared/require-access.ts';
import { contactNameFor } from '../../domain/clients/contact-greeting.ts';
import { linkActive } from '../../domain/shared/public-link.ts';
import { audit, publicLink, today, type ProposalDeps } from './proposal-deps.ts';
import { loadProposal, presented, proposalPdfBytes, toView, type ProposalView } from './proposal-views.ts';

export const pdfFileName = (p: Pick<Proposal, 'number'>): string => `${p.number}.pdf`;

export async function proposalPdf(deps: ProposalDeps, auth: AuthState, id: string): Promise<{ fileName: string; pdf: Uint8Array }> {
  requireAccess(auth, 'viewProposals');
  const p = await loadProposal(deps, id);
  return { fileName: pdfFileName(p), pdf: await proposalPdfBytes(deps, p) };
}

/**
 * Mails the client the public link with the PDF attached, then records the proposal as sent.
 * The mail goes first: a proposal never reads 'sent' when the client got nothing. When the
 * client came from a lead, the lead moves to proposal-sent (if its path allows).
 */
export async function sendProposal(deps: ProposalDeps, auth: AuthState, id: string, to?: string): Promise<ProposalView> {
  const actor = requireAccess(auth, 'editProposals');
  const p = await loadProposal(deps, id);
  markSent(p, deps.clock.now(), today(deps)); // refuse early, before mailing
  if (!linkActive(p)) throw new DomainError('conflict', `The client link of ${p.number} is revoked. Make a new link first (New link), then send.`);
  const client = await deps.directory.getClient(p.clientId);
  const address = to ?? client?.email ?? null;
  if (!address) throw new DomainError('validation', 'The client has no e-mail address; add one or give an address to send to.', { to: ['Enter the e-mail address to send to.'] });
  const view = await presented(deps, p);
  const pdf = await proposalPdfBytes(deps, p, view);
  const mail = proposalMail(view, publicLink(deps, p.publicToken), deps.money, contactNameFor(client?.contacts, address));
  await deps.mailer.send({ to: address, replyTo: deps.company.email, ...mail, attachments: [{ filename: pdfFileName(p), contentType: 'application/pdf', content: pdf }], kind: 'proposal', about: aboutProposal(p) });
  const saved = await deps.proposals.update(id, (cur) => markSent(cur, deps.clock.now(), today(deps)));
  await audit(deps, actor, id, 'send', [
    { field: 'status', from: p.status, to: saved.status },
    { field: 'to', from: null, to: address },
  ]);
  await moveLead(deps, p.clientId);
  return toView(deps, saved);
}

async function moveLead(deps: ProposalDeps, clientId: string): Promise<void> {
  const client = await deps.clients.get(clientId);
  if (!client?.leadId) return;
  const lead = await deps.leads.get(client.leadId);
  if (!lead || !nextLeadStatuses(lead.status).includes('proposal-sent')) return;
  await deps.leads.save(changeLeadStatus(lead, 'proposal-sent', deps.clock.now()));
}
