import type { Client, ClientKind, ClientSource, SealedSecret, Site } from '../../domain/clients/client.ts';
import { nameSortKey } from '../../domain/clients/client.ts';
import type { ClientListQuery, ClientPage, ClientRepository } from '../../domain/clients/client-repository.ts';
import { firstMatchingTerm, parseSearch, searchTerms, tagTerm } from '../../domain/clients/client-search.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { NewAuditEntry } from '../../domain/audit/audit-entry.ts';
import { writeAuditEntry } from './document-audit-log.ts';
import { nameCopies, readNameCopies, renamed, writeNameCopies, type NameCopy } from './client-name-copies.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import type { DocumentStore, Transaction } from '../../domain/persistence/document-store.ts';
import { checkQuery, encodeCursor, orderBy, prefixUpperBound, where, type Filter, type OrderBy } from '../../domain/persistence/query.ts';

/**
 * Clients on the document store: one 'clients' document per client, sites embedded, plus a
 * term index in 'client_terms' — one small document per search term of a client, written in
 * the same transaction as the client.
 *
 * Why a term collection and not an `array-contains` query on the client's `search` array: the
 * SQLite adapter answers array-contains with json_each over every client (no index can serve
 * it), measured at 1.5–4 s per query at 100 000 clients. A range query on the indexed `term`
 * field ([prefix, successor)) is an index seek on both SQLite and MongoDB, so prefix search
 * ("smi" → Smith) costs the same at 100 000 clients as at 100. The `search` array stays on the
 * client document: it is the list the term documents are derived from (and what a MongoDB
 * multikey index could serve directly).
 */
export const CLIENTS = 'clients';
export const CLIENT_TERMS = 'client_terms';

type AddressDoc = Client['billingAddress'];
type SiteDoc = Omit<Site, 'alarm'> & { alarm: Omit<Site['alarm'], 'passcode'> & { passcode: SealedSecret | null } };

export interface ClientDoc {
  kind: ClientKind;
  name: string;
  nameKey: string;
  company: string;
  contacts: Client['contacts'];
  billingAddress: AddressDoc;
  tags: string[];
  notes: string;
  source: ClientSource;
  status: 'active' | 'archived';
  leadId: string | null;
  sites: SiteDoc[];
  search: string[];
}

interface TermDoc {
  term: string;
  clientId: string;
  nameKey: string;
  status: 'active' | 'archived';
  kind: ClientKind;
  source: ClientSource;
  tags: string[];
}

const asData = (v: object): DocumentData => v as unknown as DocumentData;

export function clientToDoc(c: Client): ClientDoc {
  return {
    kind: c.kind,
    name: c.name,
    nameKey: nameSortKey(c.name),
    company: c.company,
    contacts: c.contacts,
    billingAddress: c.billingAddress,
    tags: c.tags,
    notes: c.notes,
    source: c.source,
    status: c.archived ? 'archived' : 'active',
    leadId: c.leadId,
    sites: c.sites,
    search: searchTerms(c),
  };
}

export function clientFromDoc(d: StoredDocument<DocumentData>): Client {
  const doc = d as unknown as ClientDoc & StoredDocument<DocumentData>;
  return {
    id: d.id,
    kind: doc.kind,
    name: doc.name,
    company: doc.company ?? '',
    contacts: doc.contacts ?? [],
    billingAddress: doc.billingAddress,
    tags: doc.tags ?? [],
    notes: doc.notes ?? '',
    source: doc.source,
    archived: doc.status === 'archived',
    leadId: doc.leadId ?? null,
    sites: doc.sites ?? [],
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export const termId = (clientId: string, i: number): string => `${clientId}:${i}`;

/**
 * The term documents of a client, derived from its document alone (so the stored ones can be
 * told from the stored client: a change of what this derives must rewrite the stored terms).
 */
export const termDocs = (id: string, doc: ClientDoc): TermDoc[] =>
  doc.search.map((term) => ({ term, clientId: id, nameKey: doc.nameKey, status: doc.status, kind: doc.kind, source: doc.source, tags: doc.tags }));

const sameTerm = (a: TermDoc | undefined, b: TermDoc): boolean =>
  a !== undefined &&
  a.term === b.term &&
  a.nameKey === b.nameKey &&
  a.status === b.status &&
  a.kind === b.kind &&
  a.source === b.source &&
  JSON.stringify(a.tags) === JSON.stringify(b.tags);

/**
 * Writes the client and its terms in `tx`. `previous` (the stored client's document) decides
 * which term documents change: only those written, the ones past the new count removed. Every
 * SQLite write costs ≈ 0.3 ms (the documents table's partial indexes), so rewriting a client's
 * ≈ 25 terms for a change of its notes was most of a client update's cost (issue 16).
 */
function writeClient(tx: Transaction, mode: 'create' | 'set', id: string, doc: ClientDoc, previous: ClientDoc | null): void {
  if (mode === 'create') tx.create(CLIENTS, id, asData(doc));
  else tx.set(CLIENTS, id, asData(doc));
  const terms = termDocs(id, doc);
  const before = previous && Array.isArray(previous.search) ? termDocs(id, previous) : [];
  terms.forEach((t, i) => {
    if (!sameTerm(before[i], t)) tx.set(CLIENT_TERMS, termId(id, i), asData(t));
  });
  for (let i = terms.length; i < before.length; i++) tx.delete(CLIENT_TERMS, termId(id, i));
}

const notFound = (id: string) => new DomainError('not-found', `No client with id ${id}.`);

/** How many term documents one request may walk before it answers with what it has. */
const MAX_TERMS_SCANNED = 2000;

export class DocumentClientRepository implements ClientRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private clients() {
    return this.store.collection<DocumentData>(CLIENTS);
  }

  async get(id: string): Promise<Client | null> {
    const d = await this.clients().get(id);
    return d ? clientFromDoc(d) : null;
  }

  async getMany(ids: readonly string[]): Promise<Client[]> {
    const unique = [...new Set(ids)];
    const found = new Map<string, Client>();
    for (let i = 0; i < unique.length; i += 100) {
      const chunk = unique.slice(i, i + 100);
      const page = await this.clients().query({ where: [where('id', 'in', chunk)] });
      for (const d of page.docs) found.set(d.id, clientFromDoc(d));
    }
    return ids.map((id) => found.get(id)).filter((c): c is Client => c !== undefined);
  }

  async create(client: Client): Promise<Client> {
    await this.store.runTransaction(async (tx) => writeClient(tx, 'create', client.id, clientToDoc(client), null));
    return (await this.get(client.id))!;
  }

  async createForLead(client: Client, leadId: string): Promise<Client> {
    await this.store.runTransaction(async (tx) => {
      const lead = await tx.get('quote_requests', leadId);
      if (!lead) throw new DomainError('not-found', `No quote request with id ${leadId}.`);
      if (typeof lead['convertedClientId'] === 'string') throw new DomainError('conflict', 'This quote request has already been converted to a client.');
      writeClient(tx, 'create', client.id, clientToDoc(client), null);
      // Converted, not won: nothing is sold yet (the lead is won when a proposal is accepted or a job done).
      tx.update('quote_requests', leadId, { status: 'converted', convertedClientId: client.id });
    });
    return (await this.get(client.id))!;
  }

  async createMany(clients: readonly Client[]): Promise<void> {
    if (clients.length === 0) return;
    await this.store.runTransaction(async (tx) => {
      for (const c of clients) writeClient(tx, 'create', c.id, clientToDoc(c), null);
    });
  }

  async update(id: string, change: (current: Client) => Client, audit?: (before: Client, after: Client) => NewAuditEntry | null): Promise<{ before: Client; after: Client }> {
    let before: Client | null = null;
    // A rename also reaches the copies of the name other records keep (client-name-copies.ts), in
    // this transaction; a transaction cannot query, so the copies are found first when the change
    // renames, and the whole step starts over if the change turns out to rename only inside it.
    const peek = await this.get(id);
    let copies: NameCopy[] | null = peek && renamed(peek, change(peek)) ? await nameCopies(this.store, id) : null;
    for (;;) {
      let missed = false;
      await this.store.runTransaction(async (tx) => {
        const current = await tx.get(CLIENTS, id);
        if (!current) throw notFound(id);
        before = clientFromDoc(current);
        const next = change(before);
        missed = copies === null && renamed(before, next);
        if (missed) return;
        const read = copies ? await readNameCopies(tx, copies) : [];
        writeClient(tx, 'set', id, clientToDoc({ ...next, id }), current as unknown as ClientDoc);
        writeNameCopies(tx, read, next);
        const entry = audit?.(before, next);
        if (entry) writeAuditEntry(tx, entry);
      });
      if (!missed) break;
      copies = await nameCopies(this.store, id);
    }
    const after = await this.get(id);
    if (!before || !after) throw notFound(id);
    return { before, after };
  }

  async delete(id: string): Promise<void> {
    await this.store.runTransaction(async (tx) => {
      const current = await tx.get(CLIENTS, id);
      if (!current) return;
      const previousTerms = Array.isArray(current['search']) ? current['search'].length : 0;
      tx.delete(CLIENTS, id);
      for (let i = 0; i < previousTerms; i++) tx.delete(CLIENT_TERMS, termId(id, i));
    });
  }

  async *scan(batchSize: number): AsyncIterable<Client[]> {
    let cursor: string | undefined;
    do {
      const page = await this.clients().query({ orderBy: [orderBy('nameKey')], limit: batchSize, ...(cursor ? { startAfter: cursor } : {}) });
      if (page.docs.length) yield page.docs.map(clientFromDoc);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  async list(q: ClientListQuery): Promise<ClientPage> {
    const prefixes = q.text ? parseSearch(q.text) : [];
    if (prefixes.length === 1) return this.searchWord(q, prefixes[0]!);
    if (prefixes.length > 1) return this.searchWords(q, prefixes);
    if (q.tag) return this.byTag(q, q.tag);
    const filters: Filter[] = [];
    if (q.archived !== 'all') filters.push(where('status', '==', q.archived));
    if (q.kind) filters.push(where('kind', '==', q.kind));
    if (q.source) filters.push(where('source', '==', q.source));
    const sort: OrderBy = q.sort.endsWith('name') ? orderBy('nameKey', q.sort.startsWith('-') ? 'desc' : 'asc') : orderBy('createdAt', q.sort.startsWith('-') ? 'desc' : 'asc');
    const page = await this.clients().query({ where: filters, orderBy: [sort], limit: q.limit, ...(q.cursor ? { startAfter: q.cursor } : {}) });
    return { clients: page.docs.map(clientFromDoc), nextCursor: page.nextCursor };
  }

  private termFilters(q: ClientListQuery, withTag: boolean): Filter[] {
    const filters: Filter[] = [];
    if (q.archived !== 'all') filters.push(where('status', '==', q.archived));
    if (q.kind) filters.push(where('kind', '==', q.kind));
    if (q.source) filters.push(where('source', '==', q.source));
    if (withTag && q.tag) filters.push(where('tags', 'array-contains', q.tag));
    return filters;
  }

  /** Clients with a tag, by name: the '#tag' term is an exact-match seek on the term index. */
  private async byTag(q: ClientListQuery, tag: string): Promise<ClientPage> {
    const page = await this.store.collection<DocumentData>(CLIENT_TERMS).query({
      // [tag, tag + U+0001) holds exactly the tag's term (tags have no control characters); as a
      // range SQLite reads it in index order, where an equality made it sort every match.
      where: [where('term', '>=', tagTerm(tag)), where('term', '<', `${tagTerm(tag)}\u0001`), ...this.termFilters(q, false)],
      orderBy: TERM_ORDER,
      limit: q.limit,
      ...(q.cursor ? { startAfter: q.cursor } : {}),
    });
    const clients = await this.getMany(page.docs.map((d) => String(d['clientId'])));
    return { clients, nextCursor: page.nextCursor };
  }

  /**
   * One word: walk the term index over [prefix, successor) in (term, name) order. A client counts
   * once, at its first matching term. The page ends at the exact term where it filled, so the
   * next page starts right after it; a request walks at most MAX_TERMS_SCANNED terms.
   */
  private async searchWord(q: ClientListQuery, prefix: string): Promise<ClientPage> {
    const terms = this.store.collection<DocumentData>(CLIENT_TERMS);
    const upper = prefixUpperBound(prefix);
    const base: Filter[] = [where('term', '>=', prefix), ...(upper === null ? [] : [where('term', '<', upper)]), ...this.termFilters(q, true)];
    const out: Client[] = [];
    let cursor = q.cursor ?? undefined;
    let scanned = 0;
    // Nearly every term of a one-word search is a hit, so the first batch is about a page.
    let batch = q.limit + 5;
    for (;;) {
      const page = await terms.query({ where: base, orderBy: TERM_ORDER, limit: batch, ...(cursor ? { startAfter: cursor } : {}) });
      const clients = new Map((await this.getMany(page.docs.map((d) => String(d['clientId'])))).map((c) => [c.id, c]));
      for (const [i, d] of page.docs.entries()) {
        scanned += 1;
        const c = clients.get(String(d['clientId']));
        if (!c || firstMatchingTerm(searchTerms(c), prefix) !== d['term']) continue;
        out.push(c);
        if (out.length >= q.limit) {
          const last = i === page.docs.length - 1 && page.nextCursor === null;
          return { clients: out, nextCursor: last ? null : termCursor(d) };
        }
      }
      cursor = page.nextCursor ?? undefined;
      if (!cursor || scanned >= MAX_TERMS_SCANNED) return { clients: out, nextCursor: cursor ?? null };
      batch = Math.min(batch * 4, 500);
    }
  }

  /**
   * Several words, all of which must match: the store intersects each word's range of the
   * clients' term index (array-contains-prefix on `search`) before reading any client, so two
   * common words ("oak springfield") cost their intersection, not a walk of either. By name.
   */
  private async searchWords(q: ClientListQuery, prefixes: string[]): Promise<ClientPage> {
    const page = await this.clients().query({
      where: [...this.termFilters(q, true), ...prefixes.map((p) => where('search', 'array-contains-prefix', p))],
      orderBy: [orderBy('nameKey')],
      limit: q.limit,
      ...(q.cursor ? { startAfter: q.cursor } : {}),
    });
    return { clients: page.docs.map(clientFromDoc), nextCursor: page.nextCursor };
  }
}

const TERM_ORDER: OrderBy[] = [orderBy('term'), orderBy('nameKey')];
const TERM_ORDER_NORMALIZED = checkQuery({ orderBy: TERM_ORDER }).order;

/** The store's own cursor format, positioned at one term document (the store checks it on use). */
const termCursor = (d: StoredDocument<DocumentData>): string =>
  encodeCursor(TERM_ORDER_NORMALIZED, { values: [String(d['term']), typeof d['nameKey'] === 'string' ? d['nameKey'] : null, d.id] });
