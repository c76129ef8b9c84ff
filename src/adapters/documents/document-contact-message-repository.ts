import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { ContactMessage, ContactStatus } from '../../domain/contact/contact-message.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';

type Doc = { name: string; email: string; phone: string | null; subject: string; message: string; status: ContactStatus };

const COLLECTION = 'contact_messages';

const toDomain = (d: StoredDocument<Doc>): ContactMessage => ({
  id: d.id,
  name: d.name,
  email: d.email,
  phone: d.phone,
  subject: d.subject,
  message: d.message,
  status: d.status,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** Contact messages on the document store, so SQLite and MongoDB both serve them. */
export class DocumentContactMessageRepository implements ContactMessageRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async add(m: ContactMessage): Promise<ContactMessage> {
    const saved = await this.store.collection<Doc>(COLLECTION).create(
      { name: m.name, email: m.email, phone: m.phone, subject: m.subject, message: m.message, status: m.status },
      m.id,
    );
    return toDomain(saved);
  }

  async get(id: string): Promise<ContactMessage | null> {
    const d = await this.store.collection<Doc>(COLLECTION).get(id);
    return d ? toDomain(d) : null;
  }

  async list({ limit }: { limit: number }): Promise<ContactMessage[]> {
    const page = await this.store.collection<Doc>(COLLECTION).query({ orderBy: [{ field: 'createdAt', direction: 'desc' }], limit });
    return page.docs.map(toDomain);
  }
}
