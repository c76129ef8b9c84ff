/**
 * Payment reminders (issue #7): a policy of steps at offsets from an invoice's due date, each
 * with its message template and an optional late fee. Pure rules only; the scheduler that sends
 * them, the lease and the idempotency keys live in the application layer.
 *
 * Sending rule: on each run, an unpaid invoice gets at most ONE reminder — the latest step whose
 * date has come and that was never handled. Earlier steps it missed (the server was down, the
 * invoice was sent late, reminders were paused) are recorded as skipped, never sent late, so a
 * client never receives three reminders in one morning.
 *
 * Grace period: reminders count from when the client first received the invoice, not from dates
 * typed on it. Nothing is sent (and no fee added) until `graceDays` after the first send; when
 * that is later than the due date (a backdated or Net-0 invoice), the steps after the due date
 * move to start from the end of the grace period, so the first mail is the gentle one, never a
 * "final reminder" for a bill the client got last week. Steps before or on the due date that
 * fall inside the grace period are never sent.
 */
import { DomainError, type FieldErrors } from '../shared/domain-error.ts';
import { addDays, daysBetween } from '../shared/calendar-date.ts';
import { proportionCents } from '../shared/money.ts';

export type LateFee = { kind: 'flat'; cents: number } | { kind: 'percent'; basisPoints: number };

export interface ReminderTemplate {
  subject: string;
  body: string;
}

export interface ReminderStep {
  id: string;
  /** Days from the due date: negative before it, 0 on it, positive after it. */
  offsetDays: number;
  template: ReminderTemplate;
  lateFee: LateFee | null;
}

export interface ReminderPolicy {
  enabled: boolean;
  /** Days after an invoice is first sent before any reminder or late fee. */
  graceDays: number;
  steps: ReminderStep[];
}

export const DEFAULT_GRACE_DAYS = 7;
export const MAX_GRACE_DAYS = 60;

export const MAX_STEPS = 10;
export const MIN_OFFSET_DAYS = -60;
export const MAX_OFFSET_DAYS = 365;
/** A flat fee above this, or a percentage above 25 %, is almost surely a typing mistake. */
export const MAX_FLAT_FEE_CENTS = 100_000;
export const MAX_FEE_BASIS_POINTS = 2_500;

/** The placeholders a template may use, and what each stands for. */
export const TEMPLATE_FIELDS = {
  greeting: '"Hello" and the first name of the contact the reminder goes to ("Hello," when unknown)',
  client: "the client's name",
  number: 'the invoice number',
  total: 'the invoice total',
  balance: 'the balance still due',
  dueDate: 'the due date',
  daysOverdue: 'days past the due date (0 before it)',
  lateFee: 'the late fee this reminder adds (empty when none)',
  link: 'the public link to view and pay the invoice',
  company: "the company's name",
  phone: "the company's phone number",
} as const;
export type TemplateField = keyof typeof TEMPLATE_FIELDS;
export type TemplateValues = Record<TemplateField, string>;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

const isTemplateField = (name: string): name is TemplateField => Object.prototype.hasOwnProperty.call(TEMPLATE_FIELDS, name);

/** Placeholders in `text` that are not template fields. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    if (!isTemplateField(name)) unknown.add(name);
  }
  return [...unknown];
}

/** Replaces every `{{field}}`; the policy was validated, so every placeholder is known. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isTemplateField(name) ? values[name] : whole));
}

/** The fee a step adds, in cents, for an invoice with `balanceCents` still due. */
export function lateFeeCents(fee: LateFee | null, balanceCents: number): number {
  if (fee === null || balanceCents <= 0) return 0;
  if (fee.kind === 'flat') return fee.cents;
  // balance × rate, rounded half away from zero like every money figure (docs/money.md).
  return proportionCents(balanceCents, fee.basisPoints, 10_000);
}

/** Checks a policy an admin submitted; throws a validation error naming each bad field. */
export function validatePolicy(policy: ReminderPolicy): ReminderPolicy {
  const fields: FieldErrors = {};
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);
  if (policy.steps.length > MAX_STEPS) add('steps', `At most ${MAX_STEPS} steps.`);
  if (!Number.isInteger(policy.graceDays) || policy.graceDays < 0 || policy.graceDays > MAX_GRACE_DAYS) {
    add('graceDays', `The grace period must be a whole number of days from 0 to ${MAX_GRACE_DAYS}.`);
  }
  const seenOffsets = new Set<number>();
  const seenIds = new Set<string>();
  policy.steps.forEach((step, i) => {
    const at = `steps.${i}`;
    if (step.id.trim() === '') add(`${at}.id`, 'Each step needs an id.');
    if (seenIds.has(step.id)) add(`${at}.id`, 'Two steps have the same id.');
    seenIds.add(step.id);
    if (!Number.isInteger(step.offsetDays) || step.offsetDays < MIN_OFFSET_DAYS || step.offsetDays > MAX_OFFSET_DAYS) {
      add(`${at}.offsetDays`, `Days from the due date must be a whole number from ${MIN_OFFSET_DAYS} to ${MAX_OFFSET_DAYS}.`);
    } else if (seenOffsets.has(step.offsetDays)) {
      add(`${at}.offsetDays`, 'Two steps fall on the same day.');
    }
    seenOffsets.add(step.offsetDays);
    if (step.template.subject.trim() === '') add(`${at}.template.subject`, 'A subject is required.');
    if (step.template.body.trim() === '') add(`${at}.template.body`, 'A message is required.');
    for (const part of ['subject', 'body'] as const) {
      const unknown = unknownPlaceholders(step.template[part]);
      if (unknown.length > 0) add(`${at}.template.${part}`, `Unknown placeholder${unknown.length > 1 ? 's' : ''}: ${unknown.map((u) => `{{${u}}}`).join(', ')}.`);
    }
    const fee = step.lateFee;
    if (fee !== null) {
      if (step.offsetDays <= 0) add(`${at}.lateFee`, 'A late fee can only be added after the due date.');
      if (fee.kind === 'flat' && (!Number.isInteger(fee.cents) || fee.cents <= 0 || fee.cents > MAX_FLAT_FEE_CENTS)) {
        add(`${at}.lateFee`, `A flat fee must be more than 0 and at most ${MAX_FLAT_FEE_CENTS / 100}.`);
      }
      if (fee.kind === 'percent' && (!Number.isInteger(fee.basisPoints) || fee.basisPoints <= 0 || fee.basisPoints > MAX_FEE_BASIS_POINTS)) {
        add(`${at}.lateFee`, `A percentage fee must be more than 0 % and at most ${MAX_FEE_BASIS_POINTS / 100} %.`);
      }
    }
  });
  if (Object.keys(fields).length > 0) throw new DomainError('validation', 'The reminder policy has mistakes.', fields);
  return { enabled: policy.enabled, graceDays: policy.graceDays, steps: [...policy.steps].sort((a, b) => a.offsetDays - b.offsetDays) };
}

export { addDays, daysBetween };

/** What the reminder rules need to know about one invoice. */
export interface ReminderCandidate {
  invoiceId: string;
  status: string;
  /** ISO date. */
  dueDate: string;
  /** ISO date the client first received the invoice (company time zone). */
  firstSentDate: string;
  balanceCents: number;
  /** Paused on the invoice itself or for its client. */
  paused: boolean;
}

/** The first day a reminder may go out: `graceDays` after the first send. */
export const graceEnd = (invoice: Pick<ReminderCandidate, 'firstSentDate'>, graceDays: number): string => addDays(invoice.firstSentDate, graceDays);

/**
 * The day a step falls on for an invoice: before or on the due date, counted from the due date;
 * after it, from the due date or the end of the grace period, whichever is later.
 */
export function stepDate(step: Pick<ReminderStep, 'offsetDays'>, invoice: Pick<ReminderCandidate, 'dueDate' | 'firstSentDate'>, graceDays: number): string {
  if (step.offsetDays <= 0) return addDays(invoice.dueDate, step.offsetDays);
  const end = graceEnd(invoice, graceDays);
  return addDays(end > invoice.dueDate ? end : invoice.dueDate, step.offsetDays);
}

export interface ReminderDecision {
  /** The one step to send now, or null. */
  send: ReminderStep | null;
  /** Steps whose day passed without a reminder; recorded so they are never sent late. */
  skip: ReminderStep[];
}

/** Statuses that still owe money; drafts, paid and void invoices get no reminders. */
export const REMINDABLE_STATUSES: readonly string[] = ['sent', 'partial'];

/**
 * Which step (if any) to send today for an invoice, given the steps already handled (sent or
 * skipped). `today` is the company's local date.
 */
export function decideReminder(policy: ReminderPolicy, invoice: ReminderCandidate, handledStepIds: ReadonlySet<string>, today: string): ReminderDecision {
  const none: ReminderDecision = { send: null, skip: [] };
  if (!policy.enabled || invoice.paused || invoice.balanceCents <= 0 || !REMINDABLE_STATUSES.includes(invoice.status)) return none;
  const end = graceEnd(invoice, policy.graceDays);
  const due = policy.steps
    .filter((s) => !handledStepIds.has(s.id) && stepDate(s, invoice, policy.graceDays) <= today)
    .sort((a, b) => a.offsetDays - b.offsetDays);
  // A step dated inside the grace period is never sent; it is skipped once a later one goes out.
  const latest = due.filter((s) => stepDate(s, invoice, policy.graceDays) >= end).at(-1);
  if (latest === undefined) return none;
  return { send: latest, skip: due.filter((s) => s !== latest && s.offsetDays < latest.offsetDays) };
}

/** The key that makes a step send at most once per invoice, across runs and server instances. */
export const reminderKey = (invoiceId: string, stepId: string): string => `reminder:${invoiceId}:${stepId}`;

const step = (id: string, offsetDays: number, subject: string, body: string, lateFee: LateFee | null = null): ReminderStep => ({
  id,
  offsetDays,
  template: { subject, body },
  lateFee,
});

/** The policy a new installation starts with: friendly before, firmer after; no fees until an admin sets them. */
export const DEFAULT_REMINDER_POLICY: ReminderPolicy = {
  enabled: true,
  graceDays: DEFAULT_GRACE_DAYS,
  steps: [
    step(
      'before-3',
      -3,
      'Invoice {{number}} is due on {{dueDate}}',
      '{{greeting}}\n\nA friendly note that invoice {{number}} for {{total}} is due on {{dueDate}}. You can view it here: {{link}}\n\nThank you,\n{{company}}\n{{phone}}',
    ),
    step(
      'after-1',
      1,
      'Invoice {{number}} is now due',
      '{{greeting}}\n\nInvoice {{number}} was due on {{dueDate}} and {{balance}} is still open. If you have already paid, thank you and please ignore this note. View it here: {{link}}\n\n{{company}}\n{{phone}}',
    ),
    step(
      'after-7',
      7,
      'Reminder: invoice {{number}} is {{daysOverdue}} days overdue',
      '{{greeting}}\n\nInvoice {{number}} is {{daysOverdue}} days past due with {{balance}} open. Please pay at {{link}} or call us at {{phone}}.\n\n{{company}}',
    ),
    step(
      'after-14',
      14,
      'Second reminder: invoice {{number}}',
      '{{greeting}}\n\nWe have not yet received payment for invoice {{number}} ({{balance}} open, due {{dueDate}}). Please pay at {{link}} or call us at {{phone}} to talk it over.\n\n{{company}}',
    ),
    step(
      'after-30',
      30,
      'Final reminder: invoice {{number}}',
      '{{greeting}}\n\nInvoice {{number}} is now {{daysOverdue}} days overdue with {{balance}} open. Please pay at {{link}} or call us at {{phone}} this week.\n\n{{company}}',
    ),
  ],
};
