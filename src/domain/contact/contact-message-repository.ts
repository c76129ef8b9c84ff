import type { ContactMessage } from './contact-message.ts';

export interface ContactMessageRepository {
  add(message: ContactMessage): Promise<void>;
  get(id: string): Promise<ContactMessage | null>;
  /** Newest first. */
  list(options: { limit: number }): Promise<ContactMessage[]>;
}
