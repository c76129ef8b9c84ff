import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { ContactKind, ContactMessage, ContactStatus } from '../../domain/contact/contact-message.ts';
import { requireAccess } from '../shared/require-access.ts';

export const INBOX_PAGE_SIZE = 25;

/** The back-office inbox of contact and support messages, newest first, a page at a time. */
export function listMessages(
  deps: { contactMessages: ContactMessageRepository },
  auth: AuthState,
  query: { status?: ContactStatus; kind?: ContactKind; cursor?: string },
): Promise<{ messages: ContactMessage[]; nextCursor: string | null }> {
  requireAccess(auth, 'viewClients');
  return deps.contactMessages.page({ limit: INBOX_PAGE_SIZE, ...query });
}
