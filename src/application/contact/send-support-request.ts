import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import type { Notify } from '../../domain/notifications/notification-event.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import { newContactMessage, type ContactMessage } from '../../domain/contact/contact-message.ts';

export interface SupportRequestInput {
  name: string;
  email: string;
  phone: string | null;
  /** Human label of the topic, e.g. 'Alarm system'. */
  topic: string;
  message: string;
}

/** A support request lands in the same back-office inbox as contact messages, as kind 'support' (its subject is the topic: the inbox and the office mail already say "Support request"). Access: public (the Support page). */
export async function sendSupportRequest(
  deps: { contactMessages: ContactMessageRepository; clock: Clock; ids: IdGenerator; notify?: Notify },
  input: SupportRequestInput,
): Promise<ContactMessage> {
  const message = newContactMessage(
    { name: input.name, email: input.email, phone: input.phone, subject: input.topic, message: input.message, kind: 'support' },
    deps.ids.next(),
    deps.clock.now(),
  );
  const saved = await deps.contactMessages.add(message);
  await deps.notify?.({ kind: 'message-received', message: saved });
  return saved;
}
