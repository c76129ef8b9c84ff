import type { DocumentStore, Transaction, UpdatePatch } from '../../domain/persistence/document-store.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import { orderBy, where, type Filter } from '../../domain/persistence/query.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { KEYWORD_WORDS } from '../../domain/inventory/inventory-item.ts';
import { searchWords, wordPrefixes } from '../../domain/shared/search.ts';
import { counterId, type Invoice } from '../../domain/invoices/invoice.ts';
import type { Changed, InvoiceQuery, InvoiceRepository } from '../../domain/invoices/invoice-repository.ts';
import type { ReportInvoice, TaxBasis } from '../../domain/invoices/tax-report.ts';
import type { IdGenerator } from '../../domain/shared/clock.ts';
import type { Page } from '../../domain/shared/page.ts';
import { QueuedTransactions } from './queued-transactions.ts';
import { writeAuditEntry } from './document-audit-log.ts';

export const INVOICES = 'invoices';
export const INVOICE_COUNTERS = 'invoice_counters';
/** Outside events (payment webhooks) already applied, keyed by provider and event id: each applies once. */
export const PROCESSED_EVENTS = 'processed_payment_events';
/** A compact copy of what tax reports read, one per issued (not draft, not void) invoice. */
export const INVOICE_TAX_ENTRIES = 'invoice_tax_entries';

/** Prefixes of each word of the number, client name and title: search by any of them. */
function keywords(inv: Invoice): string[] {
  return wordPrefixes(searchWords(`${inv.number} ${inv.clientName} ${inv.title}`, KEYWORD_WORDS)).sort();
}

export const invoiceToDoc = (inv: Invoice): DocumentData => {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = inv;
  return JSON.parse(JSON.stringify({ ...rest, createdAtIso: inv.createdAt, keywords: keywords(inv), clientNameKey: inv.clientName.toLowerCase() })) as DocumentData;
};

const toInvoice = (d: StoredDocument): Invoice => {
  const { keywords: _k, clientNameKey: _n, createdAtIso, ...rest } = d as unknown as Invoice & Record<string, unknown>;
  return { ...rest, createdAt: typeof createdAtIso === 'string' ? createdAtIso : d.createdAt, updatedAt: d.updatedAt } as Invoice;
};

/** A stored (draft) invoice's fields after its client was renamed: the name and what search and sorting make of it. */
export const invoiceClientNamePatch = (d: StoredDocument, clientName: string): UpdatePatch => ({ clientName, keywords: keywords({ ...toInvoice(d), clientName }), clientNameKey: clientName.toLowerCase() });

type TaxEntryDoc = {
  number: string;
  kind: Invoice['kind'];
  clientName: string;
  issueDate: string;
  status: Invoice['status'];
  /** rateBp, taxable, tax for each rate in turn (flat: the store takes no nested arrays). */
  taxes: number[];
  creditTaxes: number[];
  totalCents: number;
  creditedCents: number;
  payments: { d: string; a: number; r: string }[];
  firstPaymentDate: string | null;
  lastPaymentDate: string | null;
};

const packTaxes = (t: Invoice['taxes']): number[] => t.flatMap((x) => [x.taxRateBp, x.taxableCents, x.taxCents]);
function unpackTaxes(t: number[]): Invoice['taxes'] {
  const out: Invoice['taxes'] = [];
  for (let i = 0; i + 2 < t.length; i += 3) out.push({ taxRateBp: t[i] ?? 0, taxableCents: t[i + 1] ?? 0, taxCents: t[i + 2] ?? 0 });
  return out;
}

export function taxEntryDoc(inv: Invoice): TaxEntryDoc {
  const dates = inv.payments.map((p) => p.date).sort();
  return {
    number: inv.number,
    kind: inv.kind,
    clientName: inv.clientName,
    issueDate: inv.issueDate,
    status: inv.status,
    taxes: packTaxes(inv.taxes),
    creditTaxes: packTaxes(inv.creditTaxes),
    totalCents: inv.totalCents,
    creditedCents: inv.creditedCents,
    payments: inv.payments.map((p) => ({ d: p.date, a: p.amountCents, r: p.recordedAt })),
    firstPaymentDate: dates[0] ?? null,
    lastPaymentDate: dates.at(-1) ?? null,
  };
}

const reportInvoice = (id: string, d: TaxEntryDoc): ReportInvoice => ({
  id,
  number: d.number,
  kind: d.kind,
  clientName: d.clientName,
  issueDate: d.issueDate,
  status: d.status,
  taxes: unpackTaxes(d.taxes),
  creditTaxes: unpackTaxes(d.creditTaxes),
  totalCents: d.totalCents,
  creditedCents: d.creditedCents,
  payments: d.payments.map((p, i) => ({ id: String(i), date: p.d, amountCents: p.a, recordedAt: p.r, method: 'other', reference: '', recordedBy: '' })),
});

const notFound = (id: string) => new DomainError('not-found', `No invoice ${id}.`);

/**
 * Invoices on the document store. A creation is one transaction that reads the year's counter
 * document, takes the next number and writes the counter, the invoice and its audit entry; two
 * creations that read the same counter value cannot both commit (the store re-runs the loser), so
 * numbers are gapless and unique across processes. Within a process a KeyedLock queues creations
 * per year so bursts do not spend their retries colliding.
 */
export class DocumentInvoiceRepository implements InvoiceRepository {
  private readonly store: DocumentStore;
  private readonly ids: IdGenerator;
  private readonly transactions: QueuedTransactions;

  constructor(store: DocumentStore, ids: IdGenerator, options: { maxAttempts?: number } = {}) {
    this.store = store;
    this.ids = ids;
    this.transactions = new QueuedTransactions(store, options.maxAttempts ?? 50);
  }

  private async nextSequence(tx: Transaction, year: number, kind: Invoice['kind'] = 'invoice'): Promise<number> {
    const counter = await tx.get<{ year: number; last: number }>(INVOICE_COUNTERS, counterId(year, kind));
    const next = (counter?.last ?? 0) + 1;
    tx.set(INVOICE_COUNTERS, counterId(year, kind), { year, last: next });
    return next;
  }

  private audit(tx: Transaction, changed: Changed): void {
    writeAuditEntry(tx, changed.audit, this.ids.next());
  }

  /** Issued invoices have an entry; a draft has none yet, a voided one loses it. */
  private writeTaxEntry(tx: Transaction, inv: Invoice, existed: boolean): void {
    const counts = inv.status !== 'draft' && inv.status !== 'void';
    if (counts) tx.set(INVOICE_TAX_ENTRIES, inv.id, taxEntryDoc(inv) as unknown as DocumentData);
    else if (existed) tx.delete(INVOICE_TAX_ENTRIES, inv.id);
  }

  async create(year: number, make: (sequence: number) => Changed): Promise<Invoice> {
    const made = await this.transactions.run(`year:${year}`, async (tx) => {
      const sequence = await this.nextSequence(tx, year);
      const made = make(sequence);
      tx.create(INVOICES, made.invoice.id, invoiceToDoc(made.invoice));
      this.writeTaxEntry(tx, made.invoice, false);
      this.audit(tx, made);
      return made.invoice;
    });
    return (await this.get(made.id)) ?? made;
  }

  async update(id: string, change: (current: Invoice) => Changed | null): Promise<Invoice> {
    const result = await this.transactions.run(`invoice:${id}`, (tx) => this.change(tx, id, change));
    return (await this.get(id)) ?? result;
  }

  private async change(tx: Transaction, id: string, change: (current: Invoice) => Changed | null): Promise<Invoice> {
    const doc = await tx.get(INVOICES, id);
    if (!doc) throw notFound(id);
    const changed = change(toInvoice(doc));
    if (!changed) return toInvoice(doc);
    tx.set(INVOICES, id, invoiceToDoc(changed.invoice));
    this.writeTaxEntry(tx, changed.invoice, doc['status'] !== 'draft' && doc['status'] !== 'void');
    this.audit(tx, changed);
    return changed.invoice;
  }

  async applyOnce(id: string, eventKey: string, change: (current: Invoice) => Changed | null): Promise<{ invoice: Invoice; applied: boolean }> {
    const result = await this.transactions.run(`invoice:${id}`, async (tx) => {
      if (await tx.get(PROCESSED_EVENTS, eventKey)) {
        const doc = await tx.get(INVOICES, id);
        if (!doc) throw notFound(id);
        return { invoice: toInvoice(doc), applied: false };
      }
      const invoice = await this.change(tx, id, change);
      tx.create(PROCESSED_EVENTS, eventKey, { invoiceId: id });
      return { invoice, applied: true };
    });
    return { invoice: (await this.get(id)) ?? result.invoice, applied: result.applied };
  }

  async createCreditNote(
    originalId: string,
    year: number,
    make: (original: Invoice, sequence: number) => { creditNote: Changed; original: Changed },
  ): Promise<Invoice> {
    const made = await this.transactions.queue(`credit-notes:${year}`, () =>
      this.transactions.run(`invoice:${originalId}`, async (tx) => {
        const doc = await tx.get(INVOICES, originalId);
        if (!doc) throw notFound(originalId);
        const sequence = await this.nextSequence(tx, year, 'credit-note');
        const { creditNote, original } = make(toInvoice(doc), sequence);
        tx.create(INVOICES, creditNote.invoice.id, invoiceToDoc(creditNote.invoice));
        tx.set(INVOICES, originalId, invoiceToDoc(original.invoice));
        this.writeTaxEntry(tx, creditNote.invoice, false);
        this.writeTaxEntry(tx, original.invoice, true);
        this.audit(tx, creditNote);
        this.audit(tx, original);
        return creditNote.invoice;
      }),
    );
    return (await this.get(made.id)) ?? made;
  }

  async get(id: string): Promise<Invoice | null> {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) return null;
    const d = await this.store.collection(INVOICES).get(id);
    return d ? toInvoice(d) : null;
  }

  async getByPublicToken(token: string): Promise<Invoice | null> {
    const page = await this.store.collection(INVOICES).query({ where: [where('publicToken', '==', token)], limit: 1 });
    // A former token (rotated link) finds its invoice too, so the page can say "no longer valid".
    const doc = page.docs[0] ?? (await this.store.collection(INVOICES).query({ where: [where('retiredTokens', 'array-contains', token)], limit: 1 })).docs[0];
    return doc ? toInvoice(doc) : null;
  }

  async list(q: InvoiceQuery): Promise<Page<Invoice>> {
    const filters: Filter[] = [];
    if (q.overdue === true) {
      filters.push(where('kind', '==', 'invoice'));
      filters.push(q.status === 'sent' || q.status === 'partial' ? where('status', '==', q.status) : where('status', 'in', ['sent', 'partial']));
      filters.push(where('dueDate', '<', q.today));
      if (q.status !== null && q.status !== 'sent' && q.status !== 'partial') return { items: [], nextCursor: null };
    } else if (q.status !== null) filters.push(where('status', '==', q.status));
    if (q.clientId !== null) filters.push(where('clientId', '==', q.clientId));
    if (q.from !== null) filters.push(where('issueDate', '>=', q.from));
    if (q.to !== null) filters.push(where('issueDate', '<=', q.to));
    for (const w of q.words) filters.push(where('keywords', 'array-contains', w));
    const field = q.sort === 'clientName' ? 'clientNameKey' : q.sort;
    const page = await this.store.collection(INVOICES).query({
      where: filters,
      orderBy: [orderBy(field, q.direction)],
      limit: q.limit,
      ...(q.cursor ? { startAfter: q.cursor } : {}),
    });
    return { items: page.docs.map(toInvoice), nextCursor: page.nextCursor };
  }

  async forTaxReport(basis: TaxBasis, from: string, to: string): Promise<ReportInvoice[]> {
    // One range read off the date index, in id order: the report sorts its entries itself, and an
    // ORDER BY on a JSON field would make SQLite sort by json_extract, n log n times.
    const page = await this.store
      .collection<TaxEntryDoc>(INVOICE_TAX_ENTRIES)
      .query({ where: basis === 'accrual' ? [where('issueDate', '>=', from), where('issueDate', '<=', to)] : [where('lastPaymentDate', '>=', from)] });
    const out: ReportInvoice[] = [];
    for (const d of page.docs) if (basis === 'accrual' || (d.firstPaymentDate ?? '') <= to) out.push(reportInvoice(d.id, d));
    return out;
  }


}
