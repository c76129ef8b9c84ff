/**
 * The customer's messages as editable templates: a subject and a body (and a short text for the
 * ones that can go by SMS) with `{{placeholders}}`. Each template names the placeholders it may
 * use; a saved template with any other is refused, naming them, so a typo never reaches a
 * customer as "Hello {{client.nmae}}". The greeting is part of the template; the business's
 * signature and the unsubscribe link are appended to every customer mail by the sender, so an
 * edit cannot drop them.
 */
import { DomainError } from '../shared/domain-error.ts';

export const TEMPLATE_KEYS = [
  'quote-acknowledgement',
  'message-acknowledgement',
  'visit-confirmed',
  'visit-reminder',
  'on-my-way',
  'job-completed',
  'review-request',
  'payment-receipt',
  'payment-failed',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export const TEMPLATE_LABELS: Readonly<Record<TemplateKey, string>> = {
  'quote-acknowledgement': 'Quote request received',
  'message-acknowledgement': 'Message received',
  'visit-confirmed': 'Appointment confirmed',
  'visit-reminder': 'Appointment reminder (day before)',
  'on-my-way': 'Technician on the way',
  'job-completed': 'Job completed (sign-off attached)',
  'review-request': 'Review request',
  'payment-receipt': 'Payment receipt',
  'payment-failed': 'Card payment failed',
};

export const MAX_SUBJECT = 200;
export const MAX_BODY = 5000;
export const MAX_SMS = 480;

const COMMON = ['contact.firstName', 'client.name', 'client.firstName', 'company.name', 'company.phone', 'company.email'] as const;
const JOB = ['job.number', 'job.title', 'job.window', 'job.date', 'job.address', 'technician.firstName'] as const;

/** Placeholders each template may use, with a sample value for the preview. */
export const PLACEHOLDERS: Readonly<Record<TemplateKey, readonly string[]>> = {
  'quote-acknowledgement': [...COMMON, 'request.services'],
  'message-acknowledgement': [...COMMON, 'message.subject'],
  'visit-confirmed': [...COMMON, ...JOB],
  'visit-reminder': [...COMMON, ...JOB],
  'on-my-way': [...COMMON, ...JOB],
  'job-completed': [...COMMON, ...JOB, 'signoff.name'],
  'review-request': [...COMMON, ...JOB, 'reviews.url'],
  'payment-receipt': [...COMMON, 'invoice.number', 'payment.amount', 'payment.date', 'invoice.balance', 'portal.url'],
  'payment-failed': [...COMMON, 'invoice.number', 'payment.amount', 'payment.reason', 'payment.next', 'invoice.balance', 'portal.url'],
};

export const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  'contact.firstName': 'Grace',
  'client.name': 'Lin Family Holdings',
  'client.firstName': 'Grace',
  'company.name': 'Shieldline Security',
  'company.phone': '(555) 010-2000',
  'company.email': 'office@shieldline.example',
  'request.services': 'Alarm system, Cameras',
  'message.subject': 'Question about my alarm panel',
  'job.number': 'JOB-0042',
  'job.title': 'Install alarm system',
  'job.window': 'Tuesday, December 1, 9:00 AM – 11:00 AM',
  'job.date': 'Tuesday, December 1',
  'job.address': '12 Oak Street, Springfield',
  'technician.firstName': 'Maria',
  'signoff.name': 'Grace Lin',
  'reviews.url': 'https://shieldline.example/reviews',
  'invoice.number': 'INV-2026-0007',
  'payment.amount': '$600.00',
  'payment.date': 'November 26, 2026',
  'invoice.balance': '$0.00',
  'payment.reason': 'Your card was declined.',
  'payment.next': 'We will try your card again on Saturday, November 28.',
  'portal.url': 'https://shieldline.example/portal',
};

export interface TemplateText {
  subject: string;
  body: string;
  /** The SMS text, for the templates that can go by SMS (null: no SMS for this one). */
  sms: string | null;
}

export const DEFAULT_TEMPLATES: Readonly<Record<TemplateKey, TemplateText>> = {
  'quote-acknowledgement': {
    subject: 'We received your quote request',
    body: 'Hello {{contact.firstName}},\n\nThank you for asking {{company.name}} for a quote ({{request.services}}). We will call you within one business day to arrange a visit.\n\nIf anything is urgent, call us at {{company.phone}}.',
    sms: null,
  },
  'message-acknowledgement': {
    subject: 'We received your message: {{message.subject}}',
    body: 'Hello {{contact.firstName}},\n\nThank you for writing to {{company.name}}. We have your message "{{message.subject}}" and will answer within one business day.\n\nIf anything is urgent, call us at {{company.phone}}.',
    sms: null,
  },
  'visit-confirmed': {
    subject: 'Your appointment is confirmed: {{job.date}}',
    body: 'Hello {{contact.firstName}},\n\nYour appointment with {{company.name}} is confirmed.\n\nWhen: {{job.window}}\nWhere: {{job.address}}\nWhat: {{job.title}} ({{job.number}})\nTechnician: {{technician.firstName}}\n\nNeed to change it? Call us at {{company.phone}} or reply to this e-mail.',
    sms: null,
  },
  'visit-reminder': {
    subject: 'Reminder: we see you tomorrow, {{job.window}}',
    body: 'Hello {{contact.firstName}},\n\nA reminder that {{technician.firstName}} from {{company.name}} visits you tomorrow.\n\nWhen: {{job.window}}\nWhere: {{job.address}}\nWhat: {{job.title}} ({{job.number}})\n\nNeed to change it? Call us at {{company.phone}}.',
    sms: '{{company.name}}: reminder, {{technician.firstName}} visits you tomorrow, {{job.window}}. Questions: {{company.phone}}',
  },
  'on-my-way': {
    subject: '{{technician.firstName}} from {{company.name}} is on the way',
    body: 'Hello {{contact.firstName}},\n\n{{technician.firstName}} from {{company.name}} is on the way to {{job.address}} for {{job.title}} ({{job.window}}).\n\nQuestions: call us at {{company.phone}}.',
    sms: '{{company.name}}: {{technician.firstName}} is on the way to you now ({{job.window}}). Questions: {{company.phone}}',
  },
  'job-completed': {
    subject: 'Completed: {{job.title}}',
    body: 'Hello {{contact.firstName}},\n\n{{job.title}} at {{job.address}} is complete. The sign-off ({{signoff.name}}) is attached as a PDF for your records.\n\nThank you for choosing {{company.name}}. If anything is not as it should be, call us at {{company.phone}}.',
    sms: null,
  },
  'review-request': {
    subject: 'How did we do, {{contact.firstName}}?',
    body: 'Hello {{contact.firstName}},\n\nThank you for having {{technician.firstName}} over for {{job.title}}. Would you tell others how it went? It takes a minute:\n\n{{reviews.url}}\n\nYour words help a family business more than any advertisement.',
    sms: null,
  },
  'payment-receipt': {
    subject: 'Payment receipt: {{payment.amount}} for invoice {{invoice.number}}',
    body: 'Hello {{contact.firstName}},\n\nThank you: we received {{payment.amount}} on {{payment.date}} for invoice {{invoice.number}}.\n\nBalance now due: {{invoice.balance}}.\n\nYour invoices, receipts and documents are in your account: {{portal.url}}',
    sms: null,
  },
  'payment-failed': {
    subject: 'Your card payment of {{payment.amount}} for invoice {{invoice.number}} did not go through',
    body: 'Hello {{contact.firstName}},\n\nWe could not charge {{payment.amount}} for invoice {{invoice.number}} to your card: {{payment.reason}}\n\nNothing was charged, and {{invoice.balance}} is still due. {{payment.next}} Pay it now, or save another card for monitoring payments, in your account: {{portal.url}}',
    sms: null,
  },
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses, in order, without repeats. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/**
 * Fills the placeholders; a value missing at send time is left empty rather than shown as braces,
 * and an empty one before punctuation takes its separator with it: "Hello {{contact.firstName}},"
 * without a name reads "Hello,", "How did we do, {{contact.firstName}}?" reads "How did we do?".
 */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(FILL, (_, lead: string | undefined, name: string, next: string | undefined) => {
    const value = values[name] ?? '';
    return value === '' && next !== undefined ? '' : `${lead ?? ''}${value}`;
  });
}
const FILL = /(,? )?\{\{\s*([^{}]*?)\s*\}\}(?=([,.!?;:])?)/g;

/** Checks an edited template: lengths, a subject and body present, and only its own placeholders (named when not). */
export function checkTemplate(key: TemplateKey, t: TemplateText): TemplateText {
  const fields: Record<string, string[]> = {};
  const allowed = PLACEHOLDERS[key];
  const subject = t.subject.trim();
  const body = t.body.replace(/\r\n/g, '\n').trim();
  const sms = t.sms === null ? null : t.sms.trim();
  if (subject === '') fields.subject = ['Subject: write the line the customer sees in their inbox.'];
  else if (subject.length > MAX_SUBJECT) fields.subject = [`Subject: at most ${MAX_SUBJECT} characters (now ${subject.length}).`];
  if (body === '') fields.body = ['Message: write the text of the e-mail.'];
  else if (body.length > MAX_BODY) fields.body = [`Message: at most ${MAX_BODY} characters (now ${body.length}).`];
  if (sms !== null && sms === '') fields.sms = ['SMS text: write the short text, or reset the template.'];
  else if (sms !== null && sms.length > MAX_SMS) fields.sms = [`SMS text: at most ${MAX_SMS} characters (now ${sms.length}).`];
  const unknownAll: string[] = [];
  for (const [field, text] of [['subject', subject], ['body', body], ['sms', sms ?? '']] as const) {
    const unknown = placeholdersIn(text).filter((p) => !allowed.includes(p));
    unknownAll.push(...unknown);
    if (unknown.length > 0) {
      const label = field === 'subject' ? 'Subject' : field === 'body' ? 'Message' : 'SMS text';
      (fields[field] ??= []).push(`${label}: unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `{{${u}}}`).join(', ')}. Use one of: ${allowed.map((a) => `{{${a}}}`).join(', ')}.`);
    }
  }
  if (Object.keys(fields).length > 0) {
    const message = unknownAll.length > 0 ? `The template uses placeholders it cannot fill: ${[...new Set(unknownAll)].map((u) => `{{${u}}}`).join(', ')}.` : 'The template needs changes before it can be saved.';
    throw new DomainError('validation', message, fields);
  }
  return { subject, body, sms };
}

export const isTemplateKey = (k: string): k is TemplateKey => (TEMPLATE_KEYS as readonly string[]).includes(k);
