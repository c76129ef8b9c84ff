import type { ClientDirectory } from '../../domain/clients/client-directory.ts';
import type { EmployeeDirectory } from '../../domain/employees/employee-directory.ts';
import type { MailQueue } from '../../domain/mail/mailer.ts';
import type { SignOffPdf } from '../../domain/jobs/sign-off-pdf.ts';
import type { CustomerPreferences, JobReader, NotificationRepository, OnceKeys, TemplateRepository, UnsubscribeTokens } from '../../domain/notifications/notification.ts';
import type { SmsSender } from '../../domain/notifications/sms-sender.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { MoneySettings } from '../../domain/shared/money.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { Notify } from '../../domain/notifications/notification-event.ts';

/** The notifications area's bundle (TOKENS.NotificationDeps): the notifier, the routes and the reminder job. */
export interface NotificationDeps {
  notifications: NotificationRepository;
  templates: TemplateRepository;
  preferences: CustomerPreferences;
  /** The outbox (its `enqueue` is once per key, delivered and retried in the background). */
  mail: MailQueue;
  /** Null: SMS is off (not configured). */
  sms: SmsSender | null;
  /** The country code a phone number typed without one belongs to ("1": US/Canada). */
  smsCountryCode: string;
  once: OnceKeys;
  unsubscribe: UnsubscribeTokens;
  clients: ClientDirectory;
  employees: EmployeeDirectory;
  jobs: JobReader;
  files: FileStorage;
  signOffPdf: SignOffPdf;
  audit: AuditLog;
  clock: Clock;
  company: { name: string; phone: string; email: string; address: string };
  baseUrl: string;
  timeZone: string;
  money: MoneySettings;
  /** Which process claims an SMS (for the idempotency record). */
  holder: string;
  /** A notification that could not be stored or queued (logged; the event's own change stands). */
  onError: (err: unknown, key: string) => void;
  /** The entry point itself (TOKENS.Notify), for the use cases here that raise events: on my way, the reminders. */
  notify: Notify;
}
