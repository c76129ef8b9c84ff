import { INVOICE_ENTITY } from '../../domain/invoices/invoice.ts';
import { auditEntry } from '../../domain/audit/audit-entry.ts';
import { aboutInvoice } from '../../domain/mail/mailer.ts';
import { dateKey } from '../../domain/analytics/page-view.ts';
import { greeting } from '../../domain/clients/contact-greeting.ts';
import type { RemindableInvoice, ReminderLogEntry } from '../../domain/reminders/reminder-log.ts';
import {
  DEFAULT_REMINDER_POLICY,
  addDays,
  daysBetween,
  decideReminder,
  lateFeeCents,
  reminderKey,
  renderTemplate,
  stepDate,
  type ReminderPolicy,
  type ReminderStep,
  type TemplateValues,
} from '../../domain/reminders/reminder-policy.ts';
import { formatMoney } from '../../domain/shared/money.ts';
import { REMINDER_ROBOT, type ReminderDeps } from './reminder-deps.ts';
import { formatCalendarDay } from '../../domain/shared/calendar-date.ts';

export interface ReminderRunResult {
  sent: number;
  skipped: number;
  failed: number;
  /** Steps another run had already claimed while this one was deciding. */
  claimedElsewhere: number;
}

export async function currentPolicy(deps: Pick<ReminderDeps, 'settings'>): Promise<ReminderPolicy> {
  return (await deps.settings.getPolicy()) ?? DEFAULT_REMINDER_POLICY;
}

/** A due date in the mail as the company's locale writes it (Nov 20, 2026 / 20.11.2026). */
const formatDate = (isoDate: string, locale: string): string => formatCalendarDay(isoDate, locale, 'words');

const candidate = (inv: RemindableInvoice, paused: boolean) => ({
  invoiceId: inv.id,
  status: inv.status,
  dueDate: inv.dueDate,
  firstSentDate: inv.firstSentDate,
  balanceCents: inv.balanceCents,
  paused,
});

function templateValues(deps: ReminderDeps, inv: RemindableInvoice, today: string, feeCents: number, totals: { balanceCents: number; totalCents: number }): TemplateValues {
  return {
    greeting: greeting(inv.contactName),
    client: inv.clientName,
    number: inv.number,
    total: formatMoney(totals.totalCents, deps.money),
    balance: formatMoney(totals.balanceCents, deps.money),
    dueDate: formatDate(inv.dueDate, deps.money.locale),
    daysOverdue: String(Math.max(0, daysBetween(inv.dueDate, today))),
    lateFee: feeCents > 0 ? formatMoney(feeCents, deps.money) : '',
    link: inv.publicUrl ?? '',
    company: deps.company.name,
    phone: deps.company.phone,
  };
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 500);

/**
 * One run of the payment reminders: for every unpaid invoice, the step the policy says is due
 * today (decideReminder) is claimed in the log, its late fee added (once per step), and the mail
 * sent. Safe to run from several instances at once and to re-run after a crash: the claim is
 * the idempotency key.
 */
export async function runPaymentReminders(deps: ReminderDeps): Promise<ReminderRunResult> {
  const now = deps.clock.now();
  const today = dateKey(now, deps.timeZone);
  const policy = await currentPolicy(deps);
  const result: ReminderRunResult = { sent: 0, skipped: 0, failed: 0, claimedElsewhere: 0 };
  if (!policy.enabled) return result;
  const pauses = await deps.settings.listPauses();
  const paused = (inv: RemindableInvoice) => pauses.some((p) => (p.scope === 'invoice' ? p.targetId === inv.id : p.targetId === inv.clientId));

  for (const inv of await deps.invoices.listUnpaid()) {
    const handled = await deps.log.handledSteps(inv.id);
    const decision = decideReminder(policy, candidate(inv, paused(inv)), handled, today);
    const entry = (step: ReminderStep, status: ReminderLogEntry['status'], extra: Partial<ReminderLogEntry> = {}): ReminderLogEntry => ({
      id: reminderKey(inv.id, step.id),
      invoiceId: inv.id,
      invoiceNumber: inv.number,
      clientId: inv.clientId,
      clientName: inv.clientName,
      stepId: step.id,
      offsetDays: step.offsetDays,
      status,
      to: inv.email,
      subject: null,
      lateFeeCents: 0,
      at: now.toISOString(),
      sentAt: null,
      mailId: null,
      error: null,
      ...extra,
    });
    for (const step of decision.skip) {
      if (await deps.log.claim(entry(step, 'skipped', { error: 'A later step was due; this one is not sent late.' }))) result.skipped += 1;
    }
    const step = decision.send;
    if (step === null) continue;
    if (inv.email === null) {
      if (await deps.log.claim(entry(step, 'failed', { error: 'The client has no e-mail address.' }))) result.failed += 1;
      continue;
    }
    const fee = lateFeeCents(step.lateFee, inv.balanceCents);
    if (!(await deps.log.claim(entry(step, 'sending', { lateFeeCents: fee })))) {
      result.claimedElsewhere += 1;
      continue;
    }
    const key = reminderKey(inv.id, step.id);
    try {
      const totals =
        fee > 0
          ? await deps.invoices.addLateFee(inv.id, { description: `Late fee (${daysBetween(inv.dueDate, today)} days past the due date)`, amountCents: fee, key }, REMINDER_ROBOT)
          : { balanceCents: inv.balanceCents, totalCents: inv.totalCents };
      const values = templateValues(deps, inv, today, fee, totals);
      const subject = renderTemplate(step.template.subject, values);
      const mail = await deps.mailer.send({ to: inv.email, replyTo: deps.company.email, subject, text: renderTemplate(step.template.body, values), kind: 'reminder', about: aboutInvoice(inv) });
      await deps.log.finish(key, { status: 'sent', sentAt: deps.clock.now().toISOString(), mailId: mail.id, error: null });
      await deps.audit.record(
        auditEntry(REMINDER_ROBOT, deps.clock.now(), INVOICE_ENTITY, inv.id, 'reminder-sent', [
          { field: 'reminder', from: null, to: step.id },
          ...(fee > 0 ? [{ field: 'lateFeeCents', from: null, to: fee }] : []),
        ]),
      );
      result.sent += 1;
    } catch (e) {
      await deps.log.finish(key, { status: 'failed', sentAt: null, mailId: null, error: errorText(e) });
      result.failed += 1;
    }
  }
  return result;
}

export interface UpcomingReminder {
  date: string;
  invoiceId: string;
  invoiceNumber: string;
  clientName: string;
  stepId: string;
  offsetDays: number;
  lateFeeCents: number;
  paused: boolean;
}

/** What the policy will send over the next `days` days if nothing is paid (for the screen). */
export async function upcomingReminders(deps: ReminderDeps, days: number): Promise<UpcomingReminder[]> {
  const today = dateKey(deps.clock.now(), deps.timeZone);
  const policy = await currentPolicy(deps);
  if (!policy.enabled) return [];
  const pauses = await deps.settings.listPauses();
  const out: UpcomingReminder[] = [];
  for (const inv of await deps.invoices.listUnpaid()) {
    const handled = await deps.log.handledSteps(inv.id);
    const isPaused = pauses.some((p) => (p.scope === 'invoice' ? p.targetId === inv.id : p.targetId === inv.clientId));
    const item = (step: ReminderStep, date: string): UpcomingReminder => ({
      date,
      invoiceId: inv.id,
      invoiceNumber: inv.number,
      clientName: inv.clientName,
      stepId: step.id,
      offsetDays: step.offsetDays,
      lateFeeCents: lateFeeCents(step.lateFee, inv.balanceCents),
      paused: isPaused,
    });
    // What the next run sends (possibly a step whose day passed while no run happened) …
    const next = decideReminder(policy, candidate(inv, false), handled, today).send;
    if (next !== null) out.push(item(next, today));
    // … then the steps whose day is still ahead.
    const last = addDays(today, days);
    // … then the steps whose day is still ahead (none inside the grace period: those are never sent).
    const graceOver = addDays(inv.firstSentDate, policy.graceDays);
    for (const step of policy.steps) {
      const date = stepDate(step, inv, policy.graceDays);
      if (!handled.has(step.id) && date > today && date <= last && date >= graceOver) out.push(item(step, date));
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.invoiceNumber.localeCompare(b.invoiceNumber));
}
