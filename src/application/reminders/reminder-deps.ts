import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { Mailer } from '../../domain/mail/mailer.ts';
import type { ReminderInvoices, ReminderLogRepository, ReminderSettingsRepository } from '../../domain/reminders/reminder-log.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { MoneySettings } from '../../domain/shared/money.ts';

export interface ReminderDeps {
  invoices: ReminderInvoices;
  log: ReminderLogRepository;
  settings: ReminderSettingsRepository;
  mailer: Mailer;
  audit: AuditLog;
  clock: Clock;
  timeZone: string;
  /** Reminders name the company and its phone; replies go to its e-mail. */
  company: { name: string; phone: string; email: string };
  /** The configured currency and locale the mails show amounts in. */
  money: MoneySettings;
}

/** The actor automatic reminders are recorded under. */
export const REMINDER_ROBOT = { id: 'system:payment-reminders', name: 'Payment reminders' } as const;
