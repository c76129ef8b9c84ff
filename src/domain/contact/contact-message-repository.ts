import type { ContactKind, ContactMessage, ContactStatus } from './contact-message.ts';

export interface ContactMessagePageOptions {
  status?: ContactStatus;
  kind?: ContactKind;
  limit: number;
  cursor?: string;
}

export interface ContactMessageRepository {
  /** Stores a new message; the store's timestamps are authoritative in what it returns. */
  add(message: ContactMessage): Promise<ContactMessage>;
  get(id: string): Promise<ContactMessage | null>;
  /** Newest first. */
  list(options: { limit: number }): Promise<ContactMessage[]>;
  /** Newest first, filtered, one page at a time (the back-office inbox). */
  page(options: ContactMessagePageOptions): Promise<{ messages: ContactMessage[]; nextCursor: string | null }>;
  save(message: ContactMessage): Promise<ContactMessage>;
  countByStatus(status: ContactStatus): Promise<number>;
}
