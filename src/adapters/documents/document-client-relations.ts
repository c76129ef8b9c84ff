import type { ClientRelations, RelatedKind, RelatedRecord, RelatedRecords } from '../../domain/clients/client-relations.ts';
import type { LeadLookup, LeadSnapshot } from '../../domain/clients/lead-lookup.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { orderBy, where } from '../../domain/persistence/query.ts';

/**
 * Reads other features' collections by `clientId` (jobs, proposals, invoices, monitoring
 * contracts, vision analyses) and quote requests by id. Field names follow DESIGN.md's data
 * model; anything missing or of another type reads as null, so those features may evolve freely.
 */
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const cents = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const joined = (...parts: (string | null)[]): string | null => parts.filter((p) => p !== null).join(' · ') || null;

/**
 * What a person recognises a record by, next to its number: a job's title (its type only when
 * it has none), a monitoring contract's plan and site (contracts have no number; the raw id
 * once showed), a vision analysis's file name.
 */
const SOURCES: Record<RelatedKind, { collection: string; date: string; title: (d: DocumentData) => string | null }> = {
  jobs: { collection: 'jobs', date: 'createdAt', title: (d) => text(d['title']) ?? text(d['type']) },
  proposals: { collection: 'proposals', date: 'createdAt', title: (d) => text(d['title']) },
  invoices: { collection: 'invoices', date: 'issueDate', title: (d) => text(d['title']) },
  contracts: {
    collection: 'monitoring_contracts',
    date: 'createdAt',
    title: (d) => joined(text(d['plan']) ?? text(d['title']) ?? 'Monitoring', text(d['siteLabel']), text(d['accountNumber']) && `account ${text(d['accountNumber'])}`),
  },
  visionAnalyses: { collection: 'vision_analyses', date: 'createdAt', title: (d) => text(d['fileName']) ?? text(d['title']) ?? text(d['model']) },
};

function toRecord(d: StoredDocument<DocumentData>, title: (d: DocumentData) => string | null, dateField: string): RelatedRecord {
  return {
    id: d.id,
    number: text(d['number']),
    status: text(d['status']),
    title: title(d),
    siteId: text(d['siteId']),
    date: text(d[dateField]) ?? d.createdAt,
    totalCents: cents(d['totalCents']),
    balanceCents: cents(d['balanceCents']),
  };
}

export class DocumentClientRelations implements ClientRelations, LeadLookup {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async countBlocking(clientId: string): Promise<{ jobs: number; invoices: number }> {
    const [jobs, invoices] = await Promise.all([
      this.store.collection('jobs').count([where('clientId', '==', clientId)]),
      this.store.collection('invoices').count([where('clientId', '==', clientId)]),
    ]);
    return { jobs, invoices };
  }

  async related(clientId: string, limit: number): Promise<RelatedRecords> {
    const entries = await Promise.all(
      (Object.keys(SOURCES) as RelatedKind[]).map(async (kind) => {
        const s = SOURCES[kind];
        const page = await this.store
          .collection<DocumentData>(s.collection)
          .query({ where: [where('clientId', '==', clientId)], orderBy: [orderBy(s.date, 'desc')], limit });
        return [kind, page.docs.map((d) => toRecord(d, s.title, s.date))] as const;
      }),
    );
    return Object.fromEntries(entries) as RelatedRecords;
  }

  async find(leadId: string): Promise<LeadSnapshot | null> {
    const d = await this.store.collection<DocumentData>('quote_requests').get(leadId);
    if (!d) return null;
    const addressValue = d['address'] as unknown;
    const parts = addressValue && typeof addressValue === 'object' ? (addressValue as Record<string, unknown>) : {};
    const address =
      typeof addressValue === 'string' ? addressValue : [parts['line1'], parts['street'], parts['city']].filter((x) => typeof x === 'string' && x).join(', ');
    return {
      id: d.id,
      name: text(d['name']) ?? '',
      email: text(d['email']) ?? '',
      phone: text(d['phone']) ?? '',
      address,
      postcode: text(d['postcode']) ?? '',
      propertyType: d['propertyType'] === 'commercial' ? 'commercial' : 'residential',
      services: Array.isArray(d['services']) ? d['services'].filter((x): x is string => typeof x === 'string') : [],
      description: text(d['description']) ?? '',
      photos: Array.isArray(d['photos']) ? d['photos'].length : 0,
      status: text(d['status']) ?? 'new',
      convertedClientId: text(d['convertedClientId']),
    };
  }
}
