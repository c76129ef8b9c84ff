import type { ServiceRequestStore } from '../../domain/portal/portal-directory.ts';
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { MailOutbox } from '../../domain/mail/mailer.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import type { ReviewRepository } from '../../domain/reviews/review-repository.ts';
import type { Clock } from '../../domain/shared/clock.ts';

/** The back-office inbox's bundle (messages, the outbox, the waiting counts), registered once in container.ts. */
export interface BackOfficeDeps {
  contactMessages: ContactMessageRepository;
  leads: QuoteRequestRepository;
  reviews: ReviewRepository;
  outbox: MailOutbox;
  /** Retrying a mail from the outbox is audited. */
  audit: AuditLog;
  clock: Clock;
  /** Client-hub service requests, so the inbox marks them and the job opened from each. */
  serviceRequests?: Pick<ServiceRequestStore, 'get'>;
}
