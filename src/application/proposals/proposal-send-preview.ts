import type { AuthState } from '../../domain/auth/permissions.ts';
import { proposalMail } from '../../domain/proposals/proposal-presentation.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { SendPreview } from '../shared/send-preview.ts';
import { recipientName } from '../../domain/clients/contact-greeting.ts';
import { AUDIT_ENTITY, publicLink, type ProposalDeps } from './proposal-deps.ts';
import { loadProposal, presented } from './proposal-views.ts';
import { pdfFileName } from './send-proposal.ts';

/** What sending the proposal would do: to whom, the subject, the PDF and the link, and the last send. */
export async function proposalSendPreview(deps: ProposalDeps, auth: AuthState, id: string): Promise<SendPreview> {
  requireAccess(auth, 'editProposals');
  const p = await loadProposal(deps, id);
  const [client, view, history] = await Promise.all([deps.directory.getClient(p.clientId), presented(deps, p), deps.audit.listFor(AUDIT_ENTITY, id, { limit: 100 })]);
  const sent = history.find((e) => e.action === 'send');
  const sentTo = sent?.changes.find((c) => c.field === 'to')?.to;
  return {
    clientId: p.clientId,
    toName: recipientName(client?.contacts, client?.email ?? null, client?.name ?? p.clientName),
    to: client?.email ?? null,
    subject: proposalMail(view, publicLink(deps, p.publicToken), deps.money).subject,
    attachments: [pdfFileName(p)],
    link: publicLink(deps, p.publicToken),
    lastSentAt: sent?.at ?? p.sentAt,
    lastSentTo: typeof sentTo === 'string' ? sentTo : null,
  };
}
