import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import { changeContactStatus, type ContactMessage, type ContactStatus } from '../../domain/contact/contact-message.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';

/**
 * Staff mark a message answered, archive it, or mark it unread again. A change to client
 * communication, so it needs edit permission on clients.
 */
export async function changeMessageStatus(
  deps: { contactMessages: ContactMessageRepository; clock: Clock },
  auth: AuthState,
  input: { id: string; status: ContactStatus },
): Promise<ContactMessage> {
  requireAccess(auth, 'editClients');
  const message = await deps.contactMessages.get(input.id);
  if (!message) throw new DomainError('not-found', 'No such message.');
  return deps.contactMessages.save(changeContactStatus(message, input.status, deps.clock.now()));
}
