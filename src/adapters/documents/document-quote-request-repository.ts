import type { LeadListOptions, LeadPage, QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import type { LeadStatus, QuoteRequest } from '../../domain/quotes/quote-request.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { where, type Filter } from '../../domain/persistence/query.ts';

type Doc = Omit<QuoteRequest, 'id' | 'createdAt' | 'updatedAt' | 'services' | 'photos' | 'convertedClientId'> & {
  /** Set by the clients feature when it converts the request (absent before). */
  convertedClientId?: string | null;
  services: string[];
  photos: { path: string; contentType: string; size: number; fileName: string | null }[];
};

export const QUOTE_REQUESTS = 'quote_requests';

const toDomain = (d: StoredDocument<Doc>): QuoteRequest => ({
  id: d.id,
  name: d.name,
  email: d.email,
  phone: d.phone,
  services: d.services as QuoteRequest['services'],
  propertyType: d.propertyType,
  construction: d.construction,
  address: d.address,
  postcode: d.postcode,
  preferredDate: d.preferredDate,
  preferredWindow: d.preferredWindow,
  description: d.description,
  photos: d.photos.map((p) => ({ path: p.path, contentType: p.contentType, size: p.size, fileName: p.fileName })),
  status: d.status,
  convertedClientId: typeof d.convertedClientId === 'string' ? d.convertedClientId : null,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

const toDoc = (q: QuoteRequest): Doc => ({
  name: q.name,
  email: q.email,
  phone: q.phone,
  services: [...q.services],
  propertyType: q.propertyType,
  construction: q.construction,
  address: q.address,
  postcode: q.postcode,
  preferredDate: q.preferredDate,
  preferredWindow: q.preferredWindow,
  description: q.description,
  photos: q.photos.map((p) => ({ ...p })),
  status: q.status,
});

/** Leads (quote requests) on the document store. */
export class DocumentQuoteRequestRepository implements QuoteRequestRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get leads() {
    return this.store.collection<Doc>(QUOTE_REQUESTS);
  }

  async add(lead: QuoteRequest): Promise<QuoteRequest> {
    return toDomain(await this.leads.create(toDoc(lead), lead.id));
  }

  async get(id: string): Promise<QuoteRequest | null> {
    const d = await this.leads.get(id);
    return d ? toDomain(d) : null;
  }

  async list(o: LeadListOptions): Promise<LeadPage> {
    const filters: Filter[] = o.status ? [where('status', '==', o.status)] : [];
    const page = await this.leads.query({
      where: filters,
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      limit: o.limit,
      ...(o.cursor ? { startAfter: o.cursor } : {}),
    });
    return { leads: page.docs.map(toDomain), nextCursor: page.nextCursor };
  }

  async save(lead: QuoteRequest): Promise<QuoteRequest> {
    return toDomain(await this.leads.update(lead.id, { status: lead.status }));
  }

  countByStatus(status: LeadStatus): Promise<number> {
    return this.leads.count([where('status', '==', status)]);
  }
}
