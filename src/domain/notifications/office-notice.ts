/**
 * What the office is told about an event: the in-app notification and the mail to the office
 * address (the quote request and proposal answers keep the mails they always had).
 */
import { needs, type Access } from '../auth/menu.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { proposalResponseMail } from '../mail/proposal-response-mail.ts';
import { quoteRequestMail } from '../mail/quote-request-mail.ts';
import { formatMoney, type MoneySettings } from '../shared/money.ts';
import { formatCalendarDay } from '../shared/calendar-date.ts';
import { SERVICE_LABELS } from '../quotes/quote-request.ts';
import { describeDetailChanges } from '../portal/contact-change.ts';
import type { NotificationEvent } from './notification-event.ts';
import type { NewOfficeNotification, NotificationRecord, OfficeKind } from './notification.ts';

export interface OfficeContext {
  email: string;
  adminUrl: string;
  money: MoneySettings;
  at: string;
}

export interface OfficeNotice {
  notification: Omit<NewOfficeNotification, 'key'>;
  mail: MailMessage;
}

const CLIENTS: Access = needs('viewClients');
const PROPOSALS: Access = needs('viewProposals');
const INVOICES: Access = needs('viewInvoices');

/** The back-office path of a record (the same builder as src/contracts/record-href.ts). */
export type RecordPath = (r: NotificationRecord) => string;

function notice(kind: OfficeKind, title: string, body: string, record: NotificationRecord, access: Access, ctx: OfficeContext, path: RecordPath, mail?: MailMessage): OfficeNotice {
  return {
    notification: { kind, title, body, record, access, createdAt: ctx.at },
    mail: mail ?? {
      to: ctx.email,
      subject: title,
      text: [body, '', `Open it: ${ctx.adminUrl}${path(record)}`].join('\n'),
      kind: 'office-notice',
      about: record.kind === 'client' || record.kind === 'invoice' || record.kind === 'proposal' || record.kind === 'lead' || record.kind === 'job' ? [{ type: record.kind, id: record.id, label: record.label }] : [],
    },
  };
}

/** The office's notice of an event, or null for events only the customer hears of. */
export function officeNotice(e: NotificationEvent, ctx: OfficeContext, path: RecordPath): OfficeNotice | null {
  const money = (c: number) => formatMoney(c, ctx.money);
  switch (e.kind) {
    case 'quote-requested': {
      const l = e.lead;
      const mail = { ...quoteRequestMail(l, { email: ctx.email, adminUrl: ctx.adminUrl }), kind: 'quote-notification' as const, about: [{ type: 'lead' as const, id: l.id, label: l.name }] };
      return notice('quote-requested', `Quote request from ${l.name}`, `${l.services.map((s) => SERVICE_LABELS[s]).join(', ')} · ${l.address}, ${l.postcode}`, { kind: 'lead', id: l.id, label: l.name }, CLIENTS, ctx, path, mail);
    }
    case 'message-received': {
      const m = e.message;
      const support = m.kind === 'support';
      return notice(
        support ? 'support-message' : 'contact-message',
        `${support ? 'Support request' : 'Message'} from ${m.name}: ${m.subject}`,
        m.message.length > 240 ? `${m.message.slice(0, 239)}…` : m.message,
        { kind: 'message', id: m.id, label: m.name },
        CLIENTS,
        ctx,
        path,
        { to: ctx.email, replyTo: m.email, subject: `${support ? 'Support request' : 'Message'} from ${m.name}: ${m.subject}`, text: [`From: ${m.name} <${m.email}>${m.phone ? `, ${m.phone}` : ''}`, '', m.message, '', `Open the inbox: ${ctx.adminUrl}${path({ kind: 'message', id: m.id, label: m.name })}`].join('\n'), kind: 'office-notice' },
      );
    }
    case 'proposal-viewed': {
      const p = e.proposal;
      return notice('proposal-viewed', `${p.clientName} opened proposal ${p.number}`, p.title, { kind: 'proposal', id: p.id, label: p.number }, PROPOSALS, ctx, path);
    }
    case 'proposal-accepted':
    case 'proposal-declined': {
      const p = e.proposal;
      const mail = proposalResponseMail(p, { email: ctx.email, adminUrl: ctx.adminUrl, money: ctx.money }, path);
      const body = e.kind === 'proposal-declined' ? `Reason: ${p.decline?.reason || 'no reason given'}` : `Signed by ${e.signature?.signerName ?? p.acceptance?.name ?? p.clientName}. ${p.title}`;
      return notice(e.kind, mail.subject, body, { kind: 'proposal', id: p.id, label: p.number }, PROPOSALS, ctx, path, mail);
    }
    case 'payment-received': {
      const i = e.invoice;
      const how = e.source === 'online' ? 'paid online' : 'recorded';
      return notice('payment-received', `Payment ${money(e.amountCents)} ${how}: ${i.number}, ${i.clientName}`, `Received ${formatCalendarDay(e.date, ctx.money.locale, 'words')}. Balance now ${money(i.balanceCents)}.`, { kind: 'invoice', id: i.id, label: i.number }, INVOICES, ctx, path);
    }
    case 'payment-failed': {
      const i = e.invoice;
      if (e.autoPay) {
        // Only the last attempt: earlier ones are tried again without the office's help.
        if (e.autoPay.nextAttemptAt !== null) return null;
        return notice(
          'payment-failed',
          `Auto-pay failed ${e.autoPay.attempt} times: ${i.number}, ${i.clientName}`,
          `${e.reason} The card on file was tried ${e.autoPay.attempt} times for ${money(e.amountCents)} and declined each time; it will not be tried again. ${money(i.balanceCents)} is still due: the client was mailed a link to pay or save another card.`,
          { kind: 'invoice', id: i.id, label: i.number },
          INVOICES,
          ctx,
          path,
        );
      }
      return notice('payment-failed', `Payment of ${money(e.amountCents)} failed: ${i.number}, ${i.clientName}`, e.reason, { kind: 'invoice', id: i.id, label: i.number }, INVOICES, ctx, path);
    }
    case 'service-requested': {
      // It opens the request in the inbox, where "Open a job" is. The in-app list shows what needs
      // doing; the mail carries the whole request (site, who, phone, details, times) so the office
      // can call back without opening it, and names the client.
      const title = `Service request from ${e.clientName}`;
      const record = { kind: 'message' as const, id: e.requestId, label: e.clientName };
      return notice('service-requested', title, e.summary, record, CLIENTS, ctx, path, {
        to: ctx.email,
        subject: title,
        text: [e.summary, ...(e.details.length ? ['', ...e.details] : []), '', `Open it: ${ctx.adminUrl}${path(record)}`, `The client: ${ctx.adminUrl}${path({ kind: 'client', id: e.clientId, label: e.clientName })}`].join('\n'),
        kind: 'office-notice',
        about: [{ type: 'client', id: e.clientId, label: e.clientName }],
      });
    }
    case 'customer-details-changed':
      // Each field old → new ("Phone: (555) 867-5309 → (555) 010-2030"), so the office can check it without opening the record.
      return notice('customer-details-changed', `${e.clientName} changed their contact details`, describeDetailChanges(e.changes).join('\n'), { kind: 'client', id: e.clientId, label: e.clientName }, CLIENTS, ctx, path);
    case 'visit-scheduled':
    case 'visit-reminder':
    case 'technician-on-the-way':
    case 'job-completed':
      return null;
  }
}

/**
 * A customer's phone on file cannot take the texts they would get (not a number, or one with an
 * extension): the office hears once per client and number, not once per message.
 */
export function phoneCannotTextNotice(client: { id: string; name: string; phone: string; hasExtension: boolean }, ctx: OfficeContext, path: RecordPath): OfficeNotice {
  const why = client.hasExtension ? `${client.phone} has an extension (a switchboard), so a text would not reach them` : `${client.phone} is not a number a text can go to`;
  return notice(
    'phone-cannot-text',
    `Texts cannot reach ${client.name}: ${client.phone}`,
    `Appointment reminders and "on my way" texts are not sent: ${why}. The e-mails still go. To text them, put a mobile number first on their contact.`,
    { kind: 'client', id: client.id, label: client.name },
    CLIENTS,
    ctx,
    path,
  );
}
