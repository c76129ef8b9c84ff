import { totalsOf, type Proposal } from '../proposals/proposal.ts';
import { formatMoney, type MoneySettings } from '../shared/money.ts';
import type { NotificationRecord } from '../notifications/notification.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The office's mail when a customer accepts or declines a proposal through its link. `path` is the
 * back office's record link builder (src/contracts/record-href.ts); an acceptance with a deposit
 * names the deposit invoice issued at that moment, with its link, as the next step.
 */
export function proposalResponseMail(p: Proposal, office: { email: string; adminUrl: string; money: MoneySettings }, path: (r: NotificationRecord) => string): MailMessage {
  const link = `${office.adminUrl}${path({ kind: 'proposal', id: p.id, label: p.number })}`;
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
  const deposit = p.depositInvoice?.id && p.depositInvoice.number ? { id: p.depositInvoice.id, number: p.depositInvoice.number } : null;
  const next = deposit
    ? [
        `Next: deposit invoice ${deposit.number}${totals ? ` (${money(totals.depositCents)})` : ''}, issued to ${p.clientName} when they accepted; see that it is paid, then convert the proposal into a job.`,
        `Open deposit invoice ${deposit.number}: ${office.adminUrl}${path({ kind: 'invoice', id: deposit.id, label: deposit.number })}`,
      ]
    : [totals?.depositCents === 0 ? 'Next: convert it into a job (no deposit is due).' : 'Next: convert it into a job; its deposit invoice is made then.'];
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
      ...next,
      `Open the proposal: ${link}`,
    ].join('\n'),
    kind: 'proposal-response',
    about: deposit ? [...about, { type: 'invoice' as const, id: deposit.id, label: deposit.number }] : about,
  };
}
