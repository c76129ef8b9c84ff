import type { MailOutbox, Mailer, MailMessage, OutboxMail, SentMail } from '../../domain/mail/mailer.ts';
import type { Collection, DocumentStore } from '../../domain/persistence/document-store.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';

export const OUTBOX = 'outbox';

type AttachmentDoc = { filename: string; contentType: string; size: number };
type Doc = { to: string; replyTo: string | null; subject: string; text: string; sentAt: string; attachments?: AttachmentDoc[] };

/**
 * The default mail adapter: a mail is "sent" by storing it in the 'outbox' collection, where
 * staff read it in the back office. Nothing leaves the machine, so a fresh install works with
 * no mail server; set SMTP_URL to deliver for real.
 */
export class DocumentOutboxMailer implements Mailer, MailOutbox {
  private readonly outbox: Collection<Doc>;
  private readonly now: () => string;
  private readonly nextId: () => string;

  constructor(store: DocumentStore, clock: Clock, ids: IdGenerator) {
    this.outbox = store.collection<Doc>(OUTBOX);
    this.now = () => clock.now().toISOString();
    this.nextId = () => ids.next();
  }

  async send(m: MailMessage): Promise<SentMail> {
    const doc: Doc = { to: m.to, replyTo: m.replyTo ?? null, subject: m.subject, text: m.text, sentAt: this.now() };
    if (m.attachments?.length) doc.attachments = m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.byteLength }));
    const saved = await this.outbox.create(doc, this.nextId());
    return { id: saved.id };
  }

  /** Newest first, for the back office. */
  async list(limit: number): Promise<OutboxMail[]> {
    const page = await this.outbox.query({ orderBy: [{ field: 'sentAt', direction: 'desc' }], limit });
    return page.docs.map((d: StoredDocument<Doc>) => ({
      id: d.id,
      to: d.to,
      ...(d.replyTo ? { replyTo: d.replyTo } : {}),
      subject: d.subject,
      text: d.text,
      sentAt: d.sentAt,
      ...(d.attachments ? { attachments: d.attachments.map((a) => ({ ...a })) } : {}),
    }));
  }
}
