import { proposalResponseMail } from '../../domain/mail/proposal-response-mail.ts';
import type { Proposal } from '../../domain/proposals/proposal.ts';
import type { ProposalDeps } from './proposal-deps.ts';

/**
 * Tells the office a customer answered a proposal: one mail per proposal and answer (the key),
 * queued in the outbox, so a repeated click or a mail server that is down neither doubles nor
 * loses it. A step of the public accept/decline use cases, after they saved the answer.
 */
export async function notifyOfficeOfResponse(deps: Pick<ProposalDeps, 'mailQueue' | 'company' | 'baseUrl' | 'money' | 'notify'>, saved: Proposal): Promise<void> {
  // The notifications area (docs/notifications.md) owns it where it is wired: bell, mail, once.
  if (deps.notify && (saved.status === 'accepted' || saved.status === 'declined')) return deps.notify({ kind: saved.status === 'accepted' ? 'proposal-accepted' : 'proposal-declined', proposal: saved });
  if (!deps.mailQueue || (saved.status !== 'accepted' && saved.status !== 'declined')) return;
  const mail = proposalResponseMail(saved, { email: deps.company.email, adminUrl: deps.baseUrl, money: deps.money });
  await deps.mailQueue.enqueue(mail, `proposal:${saved.id}:${saved.status}`);
}
