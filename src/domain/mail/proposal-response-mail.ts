import { totalsOf, type Proposal } from '../proposals/proposal.ts';
import { formatMoney, type MoneySettings } from '../shared/money.ts';
import type { MailMessage } from './mailer.ts';

/** The office's mail when a customer accepts or declines a proposal through its link. */
export function proposalResponseMail(p: Proposal, office: { email: string; adminUrl: string; money: MoneySettings }): MailMessage {
  const link = `${office.adminUrl}/admin/proposals?open=${encodeURIComponent(p.id)}`;
  const about = [
    { type: 'proposal' as const, id: p.id, label: p.number },
    { type: 'client' as const, id: p.clientId, label: p.clientName },
  ];
  if (p.status === 'declined') {
    const reason = p.decline?.reason ? p.decline.reason : 'no reason given';
    return {
      to: office.email,
      subject: `Proposal ${p.number} declined by ${p.clientName}`,
      text: [`${p.clientName} declined proposal ${p.number} (${p.title}).`, '', `Reason: ${reason}`, '', `Open the proposal: ${link}`].join('\n'),
      kind: 'proposal-response',
      about,
    };
  }
  const option = p.options.find((o) => o.id === p.acceptance?.optionId);
  const totals = option ? totalsOf(p, option) : null;
  const money = (cents: number) => formatMoney(cents, office.money);
  return {
    to: office.email,
    subject: `Proposal ${p.number} accepted by ${p.clientName}${option ? ` — ${option.name}, ${money(totals!.totalCents)}` : ''}`,
    text: [
      `${p.clientName} accepted proposal ${p.number} (${p.title}).`,
      '',
      `Signed by: ${p.acceptance?.name ?? p.clientName}`,
      `Option chosen: ${option?.name ?? 'unknown'}`,
      ...(totals ? [`Total: ${money(totals.totalCents)}`, `Deposit: ${money(totals.depositCents)}`] : []),
      '',
      'Next: convert it into a job (the deposit invoice, if any, was issued when the customer accepted).',
      `Open the proposal: ${link}`,
    ].join('\n'),
    kind: 'proposal-response',
    about,
  };
}
