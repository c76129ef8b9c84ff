import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import { changeContactStatus, type ContactMessage, type ContactStatus } from '../../domain/contact/contact-message.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

/** Staff mark a message answered, archive it, or mark it unread again. */
export async function changeMessageStatus(
  deps: { contactMessages: ContactMessageRepository; clock: Clock },
  id: string,
  status: ContactStatus,
): Promise<ContactMessage> {
  const message = await deps.contactMessages.get(id);
  if (!message) throw new DomainError('not-found', 'No such message.');
  return deps.contactMessages.save(changeContactStatus(message, status, deps.clock.now()));
}
