import type { ContactMessage } from './contact-message.ts';

export interface ContactMessageRepository {
  /** Stores a new message; the store's timestamps are authoritative in what it returns. */
  add(message: ContactMessage): Promise<ContactMessage>;
  get(id: string): Promise<ContactMessage | null>;
  /** Newest first. */
  list(options: { limit: number }): Promise<ContactMessage[]>;
}
