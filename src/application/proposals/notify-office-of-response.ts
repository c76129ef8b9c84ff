import type { MailAttachment } from '../../domain/mail/mailer.ts';
import type { Proposal } from '../../domain/proposals/proposal.ts';
import type { ProposalDeps } from './proposal-deps.ts';

/**
 * Tells the office a customer answered a proposal, through the one notifications owner
 * (docs/notifications.md: bell and office mail, each once per answer); an acceptance carries the
 * signed PDF (the acceptance certificate as its last page). A step of the public accept/decline
 * use cases, after they saved the answer.
 */
export async function notifyOfficeOfResponse(deps: Pick<ProposalDeps, 'notify'>, saved: Proposal, attachments: MailAttachment[] = []): Promise<void> {
  if (saved.status === 'declined') return deps.notify({ kind: 'proposal-declined', proposal: saved });
  if (saved.status !== 'accepted') return;
  const certificatePdf = attachments[0]?.content;
  const a = saved.acceptance;
  return deps.notify({ kind: 'proposal-accepted', proposal: saved, ...(certificatePdf && a ? { signature: { signerName: a.name, signerEmail: a.email ?? null, certificatePdf } } : {}) });
}
