import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import { newContactMessage, type ContactMessage, type ContactMessageInput } from '../../domain/contact/contact-message.ts';

/** The contact area's bundle for the public forms (contact and support), registered once in container.ts. */
export interface SendContactMessageDeps {
  contactMessages: ContactMessageRepository;
  clock: Clock;
  ids: IdGenerator;
}

/** A visitor's message is stored as 'new' so it shows up in the back office's inbox. Access: public (the contact form). */
export async function sendContactMessage(
  deps: SendContactMessageDeps,
  input: ContactMessageInput,
): Promise<ContactMessage> {
  return deps.contactMessages.add(newContactMessage(input, deps.ids.next(), deps.clock.now()));
}
