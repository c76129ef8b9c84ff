/**
 * The notifications area's one entry point: `createNotifier(deps).notify(event)`. For each event
 * it works out who hears of it (the office: an in-app notification and a mail to the office
 * address; the customer: a mail from an editable template, and an SMS for "on my way" and the
 * day-before reminder when SMS is configured) and sends each of those once:
 * - every message has an idempotency key, `<event key>:<channel>` (eventKey: kind + record id +
 *   occurrence);
 * - the in-app notification is stored under a unique index on its key (a second store is refused);
 * - mail goes through the outbox's `enqueue`, whose document id is the key (a second enqueue is
 *   the same mail), delivered and retried by the outbox and its mail-delivery job;
 * - an SMS is claimed in the idempotency-key store before it is sent (at most once).
 * So an event told twice (a retried request, two instances, a replayed webhook, a rerun after a
 * restart) reaches everyone once. A customer who opted out (the client's flag, or the link in any
 * customer mail) gets nothing. `notify` never throws: the event's own change is already saved,
 * and a failure is logged (`onError`) rather than undoing it.
 */
import { certifiedFileName, SIGNED_COPY_NOTE } from '../../domain/proposals/acceptance-certificate.ts';
import { recordHref } from '../../contracts/record-href.ts';
import type { MailAbout, MailAttachment, MailKind, MailMessage } from '../../domain/mail/mailer.ts';
import type { Job } from '../../domain/jobs/job.ts';
import { eventKey, type InvoiceRef, type NotificationEvent } from '../../domain/notifications/notification-event.ts';
import { DEFAULT_TEMPLATES, fillTemplate, type TemplateKey, type TemplateText } from '../../domain/notifications/notification-template.ts';
import { officeNotice, phoneCannotTextNotice } from '../../domain/notifications/office-notice.ts';
import { splitPhone, textNumber } from '../../domain/shared/phone.ts';
import { SERVICE_LABELS } from '../../domain/quotes/quote-request.ts';
import { formatMoney } from '../../domain/shared/money.ts';
import { dateTimeFormat } from '../../domain/shared/intl-format.ts';
import { formatCalendarDay } from '../../domain/shared/calendar-date.ts';
import { nextWallClock } from '../../domain/time/zoned-week.ts';
import { contactNameFor, firstName } from '../../domain/clients/contact-greeting.ts';
import type { NotificationDeps } from './notification-deps.ts';
import { renderSignOffDocument } from '../jobs/sign-off-document.ts';

/** Who a customer message goes to; `subject` is what the opt-out is kept under. */
interface Recipient {
  subject: string;
  clientId: string | null;
  name: string;
  /** The person the mail is addressed to (the contact holding `email`), whom the greeting names. */
  contactName: string | null;
  email: string | null;
  phone: string | null;
}

interface CustomerMessage {
  template: TemplateKey;
  /** The record the mail is about besides the client (the invoice paid, the job visited): Sent mail links to it. */
  about?: MailAbout;
  /** Appended to the event key: one event may send several (completion + review request). */
  channel: string;
  values: Record<string, string>;
  attachments?: MailAttachment[];
  sms?: boolean;
  /** Not before this instant (ISO): the outbox holds the mail until then. */
  deliverAt?: string;
}

/** What each customer template's mail is in the outbox (MAIL_KINDS). */
const TEMPLATE_MAIL_KIND: Readonly<Record<TemplateKey, MailKind>> = {
  'quote-acknowledgement': 'acknowledgement',
  'message-acknowledgement': 'acknowledgement',
  'visit-confirmed': 'appointment',
  'visit-reminder': 'appointment',
  'on-my-way': 'appointment',
  'job-completed': 'job-completed',
  'review-request': 'review-request',
  'payment-receipt': 'payment-receipt',
  'payment-failed': 'payment-failed',
};
/** When (company time) the review request after a completed job is delivered: the next 10:00. */
export const REVIEW_REQUEST_TIME = '10:00';

export const preferenceSubject = {
  client: (id: string) => `client:${id}`,
  email: (address: string) => `email:${address.trim().toLowerCase()}`,
};

/** The template as the office last saved it, else the default. */
export async function currentTemplate(deps: Pick<NotificationDeps, 'templates'>, key: TemplateKey): Promise<TemplateText> {
  const saved = await deps.templates.get(key);
  return saved ? { subject: saved.subject, body: saved.body, sms: DEFAULT_TEMPLATES[key].sms === null ? null : saved.sms } : DEFAULT_TEMPLATES[key];
}

/** "Tuesday, December 1, 9:00 AM – 11:00 AM" in the company's time zone. */
export function visitWindow(job: Pick<Job, 'scheduledStart' | 'scheduledEnd'>, timeZone: string, locale: string): { window: string; date: string } {
  if (!job.scheduledStart) return { window: 'to be arranged', date: 'to be arranged' };
  const start = new Date(job.scheduledStart);
  const day = dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(start);
  const time = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  if (!job.scheduledEnd) return { window: `${day}, ${time.format(start)}`, date: day };
  const end = new Date(job.scheduledEnd);
  const endDay = dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(end);
  const window = endDay === day ? `${day}, ${time.format(start)} – ${time.format(end)}` : `${day}, ${time.format(start)} – ${endDay}, ${time.format(end)}`;
  return { window, date: day };
}

export function createNotifier(deps: NotificationDeps): { notify: (event: NotificationEvent) => Promise<void> } {
  const locale = deps.money.locale;
  const common = (r: Recipient): Record<string, string> => ({
    'client.name': r.name,
    // `client.firstName` is the older name of the same value, kept for templates saved with it.
    'contact.firstName': r.contactName ? firstName(r.contactName) : '',
    'client.firstName': r.contactName ? firstName(r.contactName) : '',
    'company.name': deps.company.name,
    'company.phone': deps.company.phone,
    'company.email': deps.company.email,
  });

  const clientRecipient = async (clientId: string): Promise<Recipient | null> => {
    const c = await deps.clients.getClient(clientId);
    if (!c || c.archived) return null;
    return { subject: preferenceSubject.client(c.id), clientId: c.id, name: c.name, contactName: contactNameFor(c.contacts, c.email), email: c.email, phone: c.phone };
  };

  const jobValues = async (job: Job): Promise<Record<string, string>> => {
    const tech = job.assignees[0] ? await deps.employees.get(job.assignees[0]) : null;
    const { window, date } = visitWindow(job, deps.timeZone, locale);
    return {
      'job.number': job.number,
      'job.title': job.title,
      'job.window': window,
      'job.date': date,
      'job.address': job.siteAddress,
      'technician.firstName': tech ? firstName(tech.name) : 'our technician',
    };
  };

  /** The mail a customer reads: the template, then the business's signature and the unsubscribe link. */
  const customerMail = (r: Recipient & { email: string }, m: CustomerMessage, t: TemplateText, values: Record<string, string>): MailMessage => {
    const link = `${deps.baseUrl}/api/public/unsubscribe/${deps.unsubscribe.sign(r.subject)}`;
    const signature = ['Kind regards,', deps.company.name, [deps.company.phone, deps.company.email].filter(Boolean).join(' · '), deps.baseUrl].filter(Boolean).join('\n');
    const footer = `You received this e-mail from ${deps.company.name} about your request or service with us. To stop these e-mails, open: ${link}`;
    return {
      to: r.email,
      replyTo: deps.company.email,
      subject: fillTemplate(t.subject, values),
      text: [fillTemplate(t.body, values), '', signature, '', '—', footer].join('\n'),
      ...(m.attachments?.length ? { attachments: m.attachments } : {}),
      kind: TEMPLATE_MAIL_KIND[m.template],
      about: [...(m.about ? [m.about] : []), ...(r.clientId ? [{ type: 'client' as const, id: r.clientId, label: r.name }] : [])],
      ...(m.deliverAt ? { deliverAt: m.deliverAt } : {}),
      unsubscribeUrl: link,
    };
  };

  const sendCustomer = async (key: string, r: Recipient, messages: CustomerMessage[]): Promise<void> => {
    if (await deps.preferences.optedOut(r.subject)) return;
    for (const m of messages) {
      const t = await currentTemplate(deps, m.template);
      const values = { ...common(r), ...m.values };
      if (r.email) await deps.mail.enqueue(customerMail({ ...r, email: r.email }, m, t, values), `${key}:${m.channel}`);
      if (m.sms && deps.sms && t.sms) {
        const to = textNumber(r.phone, deps.smsCountryCode);
        if (to) await sendSmsOnce(`${key}:${m.channel}:sms`, key, to, fillTemplate(t.sms, values));
        else if (r.phone && r.clientId) await tellOfficePhoneCannotText({ id: r.clientId, name: r.name, phone: r.phone, hasExtension: splitPhone(r.phone).extension !== null });
      }
    }
  };

  /** Once per client and number (both stores are keyed by them): a second message to the same number tells the office nothing more. */
  const tellOfficePhoneCannotText = async (client: { id: string; name: string; phone: string; hasExtension: boolean }): Promise<void> => {
    const key = `phone-cannot-text:${client.id}:${client.phone.replace(/\s+/g, ' ').trim().toLowerCase()}`;
    const n = phoneCannotTextNotice(client, officeContext(), (rec) => recordHref(rec.kind, rec.id));
    await deps.notifications.addOnce({ ...n.notification, key });
    await deps.mail.enqueue(n.mail, `${key}:office-mail`);
  };

  const officeContext = () => ({ email: deps.company.email, adminUrl: deps.baseUrl, money: deps.money, at: deps.clock.now().toISOString() });

  const sendSmsOnce = async (smsKey: string, scope: string, to: string, body: string): Promise<void> => {
    if (!deps.sms || !(await deps.once.claim(smsKey, scope, deps.holder))) return;
    try {
      const sent = await deps.sms.send({ to, body });
      await deps.once.complete(smsKey, { sid: sent.id, to });
    } catch (err) {
      await deps.once.fail(smsKey, err instanceof Error ? err.message : String(err));
      throw err;
    }
  };

  const invoiceAbout = (i: { id: string; number: string }): MailAbout => ({ type: 'invoice', id: i.id, label: i.number });
  const jobAbout = (j: Pick<Job, 'id' | 'number'>): MailAbout => ({ type: 'job', id: j.id, label: j.number });

  /** The client hub, opened on this client (a person may be a contact of several). */
  const portalUrl = (clientId: string | null): string => `${deps.baseUrl}/portal?client=${encodeURIComponent(clientId ?? '')}`;

  /** What every payment mail says about its invoice: number, amount, balance still due, and the hub's link. */
  const invoiceValues = (inv: InvoiceRef, amountCents: number, r: Recipient): Record<string, string> => ({
    'invoice.number': inv.number,
    'payment.amount': formatMoney(amountCents, deps.money),
    'invoice.balance': formatMoney(inv.balanceCents, deps.money),
    'portal.url': portalUrl(r.clientId),
  });

  const customerSide = async (e: NotificationEvent, key: string): Promise<void> => {
    switch (e.kind) {
      case 'quote-requested': {
        const l = e.lead;
        const r: Recipient = { subject: preferenceSubject.email(l.email), clientId: null, name: l.name, contactName: l.name, email: l.email, phone: l.phone };
        return sendCustomer(key, r, [{ template: 'quote-acknowledgement', channel: 'customer', values: { 'request.services': l.services.map((s) => SERVICE_LABELS[s]).join(', ') } }]);
      }
      case 'message-received': {
        const m = e.message;
        const r: Recipient = { subject: preferenceSubject.email(m.email), clientId: null, name: m.name, contactName: m.name, email: m.email, phone: m.phone };
        return sendCustomer(key, r, [{ template: 'message-acknowledgement', channel: 'customer', values: { 'message.subject': m.subject } }]);
      }
      case 'payment-received': {
        const r = await clientRecipient(e.invoice.clientId);
        if (!r) return;
        const values = { ...invoiceValues(e.invoice, e.amountCents, r), 'payment.date': formatCalendarDay(e.date, locale, 'words') };
        return sendCustomer(key, r, [{ template: 'payment-receipt', channel: 'customer', values, about: invoiceAbout(e.invoice) }]);
      }
      case 'payment-failed': {
        // A decline on the Checkout page is seen there, where the customer can try again: no mail.
        if (e.source !== 'auto-pay') return;
        const r = await clientRecipient(e.invoice.clientId);
        if (!r) return;
        const next = e.autoPay?.nextAttemptAt;
        const values = {
          ...invoiceValues(e.invoice, e.amountCents, r),
          'payment.reason': e.reason,
          'payment.next': next ? `We will try your card again on ${dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: deps.timeZone }).format(new Date(next))}.` : 'We will not try your card again.',
        };
        return sendCustomer(key, r, [{ template: 'payment-failed', channel: 'customer', values, about: invoiceAbout(e.invoice) }]);
      }
      case 'visit-scheduled':
      case 'visit-reminder':
      case 'technician-on-the-way': {
        if (!e.job.scheduledStart) return;
        // A visit booked after it was over (the office catching up on work done) confirms nothing to the customer.
        if (e.kind === 'visit-scheduled' && e.job.scheduledEnd !== null && Date.parse(e.job.scheduledEnd) <= deps.clock.now().getTime()) return;
        const r = await clientRecipient(e.job.clientId);
        if (!r) return;
        const values = await jobValues(e.job);
        if (e.kind === 'technician-on-the-way') values['technician.firstName'] = firstName(e.technicianName);
        const template: TemplateKey = e.kind === 'visit-scheduled' ? 'visit-confirmed' : e.kind === 'visit-reminder' ? 'visit-reminder' : 'on-my-way';
        return sendCustomer(key, r, [{ template, channel: 'customer', values, sms: e.kind !== 'visit-scheduled', about: jobAbout(e.job) }]);
      }
      case 'job-completed': {
        const job = e.job;
        const r = await clientRecipient(job.clientId);
        if (!r) return;
        // The review form opens with the person's name filled in (web/src/routes/reviews.tsx reads ?name=).
        const reviewer = r.contactName ?? r.name;
        const values = { ...(await jobValues(job)), 'signoff.name': job.signOff?.name ?? 'no signature was taken on site', 'reviews.url': `${deps.baseUrl}/reviews?name=${encodeURIComponent(reviewer)}#leave-review` };
        // The same file the client hub and the office download (technicians named).
        const pdf = await renderSignOffDocument({ ...deps, locale }, job);
        return sendCustomer(key, r, [
          { template: 'job-completed', channel: 'customer', values, about: jobAbout(job), attachments: [{ filename: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes }] },
          // Asked at the next 10:00 company time, not the minute the technician leaves (or late at night).
          { template: 'review-request', channel: 'review-request', values, about: jobAbout(job), deliverAt: nextWallClock(deps.clock.now(), REVIEW_REQUEST_TIME, deps.timeZone).toISOString() },
        ]);
      }
      default:
        return;
    }
  };

  return {
    async notify(e) {
      const key = eventKey(e);
      const office = officeNotice(e, officeContext(), (r) => recordHref(r.kind, r.id));
      const steps: [string, () => Promise<unknown>][] = [];
      if (office) {
        steps.push([`${key}:office`, () => deps.notifications.addOnce({ ...office.notification, key })]);
        const certificate = e.kind === 'proposal-accepted' && e.signature?.certificatePdf ? { pdf: e.signature.certificatePdf, number: e.proposal.number } : null;
        const mail = certificate
          ? {
              ...office.mail,
              text: `${office.mail.text}\n\n${SIGNED_COPY_NOTE}`,
              attachments: [{ filename: certifiedFileName({ number: certificate.number }), contentType: 'application/pdf', content: certificate.pdf }],
            }
          : office.mail;
        steps.push([`${key}:office-mail`, () => deps.mail.enqueue(mail, `${key}:office-mail`)]);
      }
      steps.push([`${key}:customer`, () => customerSide(e, key)]);
      for (const [stepKey, run] of steps) {
        try {
          await run();
        } catch (err) {
          deps.onError(err, stepKey);
        }
      }
    },
  };
}
