import type { AuthState } from '../../domain/auth/permissions.ts';
import type { MailOutbox, OutboxMail, OutboxStatus } from '../../domain/mail/mailer.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { searchWords } from '../../domain/shared/search.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

export const OUTBOX_PAGE_SIZE = 50;

export interface OutboxListRequest {
  status?: OutboxStatus;
  /** Recipient, subject or record number/name; each word is matched as a prefix. */
  q?: string;
  /** The id of a record the mail is about (an invoice, a proposal, a lead). */
  related?: string;
  cursor?: string;
  limit?: number;
}

export interface OutboxList {
  mails: OutboxMail[];
  nextCursor: string | null;
  /** True when mail is delivered over SMTP; false when it is only kept here. */
  delivers: boolean;
}

/** The mail the site sent (or keeps, or is still trying to deliver), newest first, for an administrator. */
export async function listOutbox(deps: { outbox: MailOutbox }, auth: AuthState, req: OutboxListRequest = {}): Promise<OutboxList> {
  requireAccess(auth, ADMIN);
  const page = await deps.outbox.page({
    status: req.status ?? null,
    words: searchWords(req.q ?? ''),
    related: req.related?.trim() || null,
    cursor: req.cursor ?? null,
    limit: req.limit ?? OUTBOX_PAGE_SIZE,
  });
  return { mails: page.items, nextCursor: page.nextCursor, delivers: deps.outbox.delivers };
}

/** One mail in full (text, links, attachments' names). */
export async function getOutboxMail(deps: { outbox: MailOutbox }, auth: AuthState, id: string): Promise<OutboxMail> {
  requireAccess(auth, ADMIN);
  const mail = await deps.outbox.get(id);
  if (!mail) throw new DomainError('not-found', 'No such mail in the outbox.');
  return mail;
}
