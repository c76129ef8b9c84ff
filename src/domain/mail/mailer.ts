/**
 * The mail port. Every mail the site writes is kept in the outbox (readable by an admin in the
 * back office, "Sent mail"); with SMTP_URL set it is also delivered, and the outbox records how
 * that went. Two ways in:
 * - `Mailer.send`: deliver now, for a person who waits for the answer (sending an invoice or a
 *   proposal): a refused delivery throws, so the record stays unsent and they are told;
 * - `MailQueue.enqueue`: accepted at once and delivered in the background, retried until the mail
 *   server takes it (notifications to the office: a new lead, a proposal answered). Nothing
 *   acknowledged is lost while the mail server is down.
 */
/**
 * What each mail is, and how the Sent mail screen names it: the one list of mail kinds (the
 * outbox's filter and column, the notifications' customer and office mail, the retry message).
 */
export const MAIL_KINDS = {
  invoice: 'Invoice',
  proposal: 'Proposal',
  reminder: 'Payment reminder',
  'payment-receipt': 'Payment receipt',
  'payment-failed': 'Card payment failed',
  appointment: 'Appointment',
  'job-completed': 'Job completed',
  'review-request': 'Review request',
  acknowledgement: 'Request received',
  'quote-notification': 'New quote request',
  'proposal-response': 'Proposal answered',
  'office-notice': 'Office notice',
  'sign-in-link': 'Sign-in link',
  other: 'Other',
} as const satisfies Record<string, string>;
export type MailKind = keyof typeof MAIL_KINDS;
export const MAIL_KIND_VALUES = Object.keys(MAIL_KINDS) as MailKind[];

/** A record the mail is about (shown as a link, and what "filter by record" matches). */
export type MailAbout = {
  type: 'invoice' | 'proposal' | 'lead' | 'client' | 'job';
  id: string;
  /** What a person reads: "INV-2026-0007", "Grace Lin". */
  label: string;
};

export interface MailMessage {
  to: string;
  /** Replies go to the visitor, not to the sender address. */
  replyTo?: string;
  subject: string;
  text: string;
  /** Files sent along (a proposal's PDF); the outbox keeps their names and sizes only. */
  attachments?: MailAttachment[];
  kind?: MailKind;
  about?: MailAbout[];
  /**
   * A customer mail's unsubscribe link: sent as List-Unsubscribe with List-Unsubscribe-Post
   * "List-Unsubscribe=One-Click" (RFC 8058), so the mail program offers its own button, which
   * POSTs to the link.
   */
  unsubscribeUrl?: string;
  /** Not before this instant (ISO): a mail that waits for a good hour (the review request at 10:00). */
  deliverAt?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface SentMail {
  id: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

/** Background delivery with retries; `key` makes it once-only (a second enqueue with the same key is the same mail). */
export interface MailQueue {
  enqueue(message: MailMessage, key: string): Promise<SentMail>;
}

/**
 * - kept: no mail server is set up; the mail is only here.
 * - queued: waiting for (another) delivery attempt; sending: an attempt is under way.
 * - sent: the mail server accepted it. failed: it refused it for good, or every attempt failed.
 */
export const OUTBOX_STATUSES = ['kept', 'queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxMail extends Omit<MailMessage, 'attachments' | 'kind' | 'about' | 'deliverAt'> {
  id: string;
  /** The outbox keeps attachments' names and sizes, not their bytes. */
  attachments?: { filename: string; contentType: string; size: number }[];
  /** When the site wrote the mail. */
  sentAt: string;
  kind: MailKind;
  about: MailAbout[];
  status: OutboxStatus;
  attempts: number;
  /** The mail server's last answer when it did not take the mail. */
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  /** Whether an admin may retry it from the outbox (a mail whose sender was told of the failure is sent again from its record). */
  retryable: boolean;
}

export interface OutboxQuery {
  status: OutboxStatus | null;
  /** Words of the recipient, subject or record label (prefixes), all must match. */
  words: string[];
  /** An id of a record the mail is about. */
  related: string | null;
  cursor: string | null;
  limit: number;
}

/** Mail kept in the outbox, for an administrator. */
export interface MailOutbox {
  /** Newest first. */
  list(limit: number): Promise<OutboxMail[]>;
  page(q: OutboxQuery): Promise<{ items: OutboxMail[]; nextCursor: string | null }>;
  get(id: string): Promise<OutboxMail | null>;
  /** Puts a failed (or waiting) mail back in the queue and tries it now; the mail as it then stands. */
  retry(id: string): Promise<OutboxMail>;
  /** Whether mail is delivered (SMTP_URL set) or only kept here. */
  readonly delivers: boolean;
}

const MINUTE = 60_000;
/** Waits before each further attempt; after the last, the mail is failed (about two days in all). */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 3 * 60 * MINUTE, 6 * 60 * MINUTE, 12 * 60 * MINUTE, 24 * 60 * MINUTE];

/** When to try again after `attempts` failed attempts since the last retry; null: give up. */
export function nextAttempt(attempts: number, now: Date): string | null {
  const wait = RETRY_DELAYS_MS[attempts - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait).toISOString();
}

/** An SMTP 5xx answer (no such mailbox, message refused): trying again will not help. */
export function isPermanentMailError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What went wrong, in words an admin reads, with the mail server's own answer after them. */
export function mailErrorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  const why =
    typeof code === 'number' && code >= 500
      ? 'The mail server refused this mail'
      : typeof code === 'number' && code >= 400
        ? 'The mail server asked to try again later'
        : /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|timeout|connect/i.test(text)
          ? 'Could not reach the mail server'
          : 'Delivery failed';
  return `${why}: ${text}`.slice(0, 500);
}

/** What an invoice's (or a reminder's) mail is about: the invoice and its client. */
export const aboutInvoice = (inv: { id: string; number: string; clientId: string; clientName: string }): MailAbout[] => [
  { type: 'invoice', id: inv.id, label: inv.number },
  { type: 'client', id: inv.clientId, label: inv.clientName },
];

/** What a proposal's mail is about: the proposal and its client. */
export const aboutProposal = (p: { id: string; number: string; clientId: string; clientName: string }): MailAbout[] => [
  { type: 'proposal', id: p.id, label: p.number },
  { type: 'client', id: p.clientId, label: p.clientName },
];
