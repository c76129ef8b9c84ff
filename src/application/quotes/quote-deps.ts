import type { FileStorage } from '../../domain/storage/file-storage.ts';
import type { MailQueue } from '../../domain/mail/mailer.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import type { Notify } from '../../domain/notifications/notification-event.ts';

/** The quotes area's bundle, registered once in container.ts (the public form and the staff lead list). */
export interface QuoteDeps {
  leads: QuoteRequestRepository;
  files: FileStorage;
  /** The office's notification is queued: delivered (and retried) in the background. */
  mailer: MailQueue;
  clock: Clock;
  ids: IdGenerator;
  servicePostcodes: readonly string[];
  timeZone: string;
  /** The site's locale ("en-US"): which postcode format the form checks. */
  locale?: string;
  /** Where the office is told about a new lead; adminUrl is the site's one base URL. */
  office: { email: string; adminUrl: string };
  /** Notifications (office bell and mail, the visitor's acknowledgement); without it, the office mail alone. */
  notify?: Notify;
}
