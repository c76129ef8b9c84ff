/**
 * What happened, as the notifications area hears it: the one typed vocabulary every area (and
 * the portal, online payment and signature work to come) calls `notify(event)` with. Each event
 * carries the record it is about and an `occurrence` where the same record can produce the event
 * more than once (a visit rescheduled, a second payment); the idempotency key of every message
 * the event causes is built from kind + record id + occurrence, so an event told twice (a retried
 * request, a replayed webhook, two instances, a restart) is sent once.
 */
import type { ContactMessage } from '../contact/contact-message.ts';
import type { Job } from '../jobs/job.ts';
import type { DetailChange } from '../portal/contact-change.ts';
import type { Proposal } from '../proposals/proposal.ts';
import type { QuoteRequest } from '../quotes/quote-request.ts';
import type { PaymentSource } from '../payments/payment-source.ts';

/** The invoice fields a payment notification needs (an Invoice satisfies it). */
export interface InvoiceRef {
  id: string;
  number: string;
  clientId: string;
  clientName: string;
  balanceCents: number;
}

export type NotificationEvent =
  /** A visitor's quote request was saved (office: in-app + mail; visitor: acknowledgement). */
  | { kind: 'quote-requested'; lead: QuoteRequest }
  /** A contact or support message was saved (message.kind tells which). */
  | { kind: 'message-received'; message: ContactMessage }
  /** The customer opened the proposal link for the first time. */
  | { kind: 'proposal-viewed'; proposal: Proposal }
  /** Accepted through the public page; `signature` when a drawn signature came with it. */
  | { kind: 'proposal-accepted'; proposal: Proposal; signature?: { signerName: string; signerEmail: string | null; certificatePdf?: Uint8Array } }
  | { kind: 'proposal-declined'; proposal: Proposal }
  /**
   * Money arrived: recorded by staff ('recorded') or confirmed by the payment provider ('online').
   * `paymentId` is the occurrence: the recorded payment's id, or the provider's payment/event id.
   */
  | { kind: 'payment-received'; invoice: InvoiceRef; paymentId: string; amountCents: number; date: string; source: 'recorded' | 'online' }
  /**
   * An online payment was refused; `attemptId` is the provider's id of the attempt (or the auto-pay
   * attempt's). Checkout: the office hears of each (the customer saw it on the page). Auto-pay: the
   * customer is mailed; the office only when `autoPay.nextAttemptAt` is null (the last attempt failed).
   */
  | { kind: 'payment-failed'; invoice: InvoiceRef; attemptId: string; amountCents: number; reason: string; source: PaymentSource; autoPay?: { attempt: number; of: number; nextAttemptAt: string | null } }
  /** A customer asked for service through the portal. */
  | { kind: 'service-requested'; requestId: string; clientId: string; clientName: string; summary: string; /** What the office reads under the summary: site, who asks and their phone, details, preferred times. */ details: string[] }
  /** A customer changed their contact details through the portal; `changeId` is the audit entry's (or change's) id; each change old → new. */
  | { kind: 'customer-details-changed'; changeId: string; clientId: string; clientName: string; changes: DetailChange[] }
  /** A job visit got (or moved to) a window: the customer's confirmation. */
  | { kind: 'visit-scheduled'; job: Job }
  /** The day before the visit (the scheduler's reminder job). */
  | { kind: 'visit-reminder'; job: Job }
  /** The technician tapped "On my way". */
  | { kind: 'technician-on-the-way'; job: Job; technicianName: string }
  /** The job was completed (sign-off PDF to the customer, then a review request). */
  | { kind: 'job-completed'; job: Job };

export type NotificationEventKind = NotificationEvent['kind'];

/** The application's one entry point for notifications (TOKENS.Notifications `.notify`). Never throws: a failure is logged. */
export type Notify = (event: NotificationEvent) => Promise<void>;

/** The record id and occurrence that make an event's key ("proposal-accepted:<id>"). */
export function eventKey(e: NotificationEvent): string {
  switch (e.kind) {
    case 'quote-requested':
      return `quote-requested:${e.lead.id}`;
    case 'message-received':
      return `message-received:${e.message.id}`;
    case 'proposal-viewed':
    case 'proposal-accepted':
    case 'proposal-declined':
      return `${e.kind}:${e.proposal.id}`;
    case 'payment-received':
      return `payment-received:${e.invoice.id}:${e.paymentId}`;
    case 'payment-failed':
      return `payment-failed:${e.invoice.id}:${e.attemptId}`;
    case 'service-requested':
      return `service-requested:${e.requestId}`;
    case 'customer-details-changed':
      return `customer-details-changed:${e.clientId}:${e.changeId}`;
    case 'visit-scheduled':
    case 'visit-reminder':
      // A new window is a new appointment: confirmed (and reminded) again.
      return `${e.kind}:${e.job.id}:${e.job.scheduledStart ?? 'none'}`;
    case 'technician-on-the-way':
      return `technician-on-the-way:${e.job.id}:${e.job.scheduledStart ?? 'none'}`;
    case 'job-completed':
      return `job-completed:${e.job.id}`;
  }
}
