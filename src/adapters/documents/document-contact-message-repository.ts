import type { ContactMessagePageOptions, ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { ContactKind, ContactMessage, ContactStatus } from '../../domain/contact/contact-message.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { where, type Filter } from '../../domain/persistence/query.ts';

type Doc = { name: string; email: string; phone: string | null; subject: string; message: string; status: ContactStatus; kind?: ContactKind };

const COLLECTION = 'contact_messages';

const toDomain = (d: StoredDocument<Doc>): ContactMessage => ({
  id: d.id,
  // Messages stored before support requests existed have no kind: they came from the contact form.
  kind: d.kind ?? 'contact',
  name: d.name,
  email: d.email,
  phone: d.phone,
  subject: d.subject,
  message: d.message,
  status: d.status,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

const toDoc = (m: ContactMessage): Doc => ({
  name: m.name,
  email: m.email,
  phone: m.phone,
  subject: m.subject,
  message: m.message,
  status: m.status,
  kind: m.kind,
});

/** Contact messages on the document store, so SQLite and MongoDB both serve them. */
export class DocumentContactMessageRepository implements ContactMessageRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get messages() {
    return this.store.collection<Doc>(COLLECTION);
  }

  async add(m: ContactMessage): Promise<ContactMessage> {
    return toDomain(await this.messages.create(toDoc(m), m.id));
  }

  async get(id: string): Promise<ContactMessage | null> {
    const d = await this.messages.get(id);
    return d ? toDomain(d) : null;
  }

  async list({ limit }: { limit: number }): Promise<ContactMessage[]> {
    const page = await this.messages.query({ orderBy: [{ field: 'createdAt', direction: 'desc' }], limit });
    return page.docs.map(toDomain);
  }

  async page(o: ContactMessagePageOptions): Promise<{ messages: ContactMessage[]; nextCursor: string | null }> {
    const filters: Filter[] = [];
    if (o.status) filters.push(where('status', '==', o.status));
    if (o.kind) filters.push(where('kind', '==', o.kind));
    const page = await this.messages.query({
      where: filters,
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      limit: o.limit,
      ...(o.cursor ? { startAfter: o.cursor } : {}),
    });
    return { messages: page.docs.map(toDomain), nextCursor: page.nextCursor };
  }

  async save(m: ContactMessage): Promise<ContactMessage> {
    return toDomain(await this.messages.update(m.id, { status: m.status }));
  }

  countByStatus(status: ContactStatus): Promise<number> {
    return this.messages.count([where('status', '==', status)]);
  }
}
