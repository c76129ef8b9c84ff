/**
 * The mail port: the product sends plain notifications (a new quote request to the office).
 * Adapters: the outbox (default; stored as documents and readable by staff) and SMTP.
 */
export interface MailMessage {
  to: string;
  /** Replies go to the visitor, not to the sender address. */
  replyTo?: string;
  subject: string;
  text: string;
  /** Files sent along (a proposal's PDF); the outbox keeps their names and sizes only. */
  attachments?: MailAttachment[];
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

export interface OutboxMail extends Omit<MailMessage, 'attachments'> {
  id: string;
  /** The outbox keeps attachments' names and sizes, not their bytes. */
  attachments?: { filename: string; contentType: string; size: number }[];
  sentAt: string;
}

/** Mail kept in the outbox, for staff to read (the default adapter stores every mail there). */
export interface MailOutbox {
  /** Newest first. */
  list(limit: number): Promise<OutboxMail[]>;
}
