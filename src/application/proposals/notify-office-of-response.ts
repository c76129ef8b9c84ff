import { proposalResponseMail } from '../../domain/mail/proposal-response-mail.ts';
import { SIGNED_COPY_NOTE } from '../../domain/proposals/acceptance-certificate.ts';
import type { MailAttachment } from '../../domain/mail/mailer.ts';
import type { Proposal } from '../../domain/proposals/proposal.ts';
import type { ProposalDeps } from './proposal-deps.ts';

/**
 * Tells the office a customer answered a proposal: one mail per proposal and answer (the key),
 * queued in the outbox, so a repeated click or a mail server that is down neither doubles nor
 * loses it. A step of the public accept/decline use cases, after they saved the answer; an
 * acceptance carries the signed PDF (the acceptance certificate as its last page).
 */
export async function notifyOfficeOfResponse(deps: Pick<ProposalDeps, 'mailQueue' | 'company' | 'baseUrl' | 'money' | 'notify'>, saved: Proposal, attachments: MailAttachment[] = []): Promise<void> {
  // The notifications area (docs/notifications.md) owns it where it is wired: bell, mail, once.
  if (deps.notify && saved.status === 'declined') return deps.notify({ kind: 'proposal-declined', proposal: saved });
  if (deps.notify && saved.status === 'accepted') {
    const certificatePdf = attachments[0]?.content;
    const a = saved.acceptance;
    return deps.notify({ kind: 'proposal-accepted', proposal: saved, ...(certificatePdf && a ? { signature: { signerName: a.name, signerEmail: a.email ?? null, certificatePdf } } : {}) });
  }
  if (!deps.mailQueue || (saved.status !== 'accepted' && saved.status !== 'declined')) return;
  const mail = proposalResponseMail(saved, { email: deps.company.email, adminUrl: deps.baseUrl, money: deps.money });
  if (attachments.length) Object.assign(mail, { attachments, text: `${mail.text}\n\n${SIGNED_COPY_NOTE}` });
  await deps.mailQueue.enqueue(mail, `proposal:${saved.id}:${saved.status}`);
}
