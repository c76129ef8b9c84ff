import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { ContactKind, ContactMessage, ContactStatus } from '../../domain/contact/contact-message.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ServiceRequestStore } from '../../domain/portal/portal-directory.ts';

export const INBOX_PAGE_SIZE = 25;

/** A listed message; a service request from the client hub says so, with the job opened from it (the inbox offers "Open a job" once). */
export type InboxEntry = ContactMessage & { serviceRequest: { jobId: string | null; jobNumber: string | null } | null };

/** The back-office inbox of contact and support messages, newest first, a page at a time. */
export async function listMessages(
  deps: { contactMessages: ContactMessageRepository; serviceRequests?: Pick<ServiceRequestStore, 'get'> },
  auth: AuthState,
  query: { status?: ContactStatus; kind?: ContactKind; cursor?: string },
): Promise<{ messages: InboxEntry[]; nextCursor: string | null }> {
  requireAccess(auth, 'viewClients');
  const page = await deps.contactMessages.page({ limit: INBOX_PAGE_SIZE, ...query });
  // Service requests are support messages; a page holds at most INBOX_PAGE_SIZE, each looked up by id.
  const requests = await Promise.all(page.messages.map((m) => (m.kind === 'support' && deps.serviceRequests ? deps.serviceRequests.get(m.id) : null)));
  const messages = page.messages.map((m, i) => {
    const r = requests[i];
    return { ...m, serviceRequest: r ? { jobId: r.jobId, jobNumber: r.jobNumber ?? null } : null };
  });
  return { messages, nextCursor: page.nextCursor };
}
