import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import type { Notify } from '../../domain/notifications/notification-event.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import { newContactMessage, type ContactMessage, type ContactMessageInput } from '../../domain/contact/contact-message.ts';

/** The contact area's bundle for the public forms (contact and support), registered once in container.ts. */
export interface SendContactMessageDeps {
  contactMessages: ContactMessageRepository;
  clock: Clock;
  ids: IdGenerator;
  /** The office's notification and the sender's acknowledgement (docs/notifications.md). */
  notify?: Notify;
}

/** A visitor's message is stored as 'new' so it shows up in the back office's inbox. Access: public (the contact form). */
export async function sendContactMessage(
  deps: SendContactMessageDeps,
  input: ContactMessageInput,
): Promise<ContactMessage> {
  const message = await deps.contactMessages.add(newContactMessage(input, deps.ids.next(), deps.clock.now()));
  await deps.notify?.({ kind: 'message-received', message });
  return message;
}
