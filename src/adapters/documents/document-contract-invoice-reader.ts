import type { DocumentData } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { orderBy, where } from '../../domain/persistence/query.ts';
import type { ContractInvoiceReader, UnsentDraft } from '../../domain/monitoring/contract-repository.ts';

const SETTLED = new Set(['paid', 'void']);

/**
 * Reads the invoices feature's collection loosely (DESIGN.md field names: source.kind,
 * source.id, status, dueDate): anything missing or of another type is skipped, and an absent
 * collection reads as no invoices. Unpaid means any status other than paid or void.
 */
export class DocumentContractInvoiceReader implements ContractInvoiceReader {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async contractsWithOverdueInvoices(dueBefore: string): Promise<Set<string>> {
    const out = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await this.store.collection<DocumentData>('invoices').query({
        where: [where('source.kind', '==', 'contract'), where('dueDate', '<', dueBefore)],
        orderBy: [orderBy('dueDate')],
        limit: 500,
        ...(cursor ? { startAfter: cursor } : {}),
      });
      for (const d of page.docs) {
        const source = d['source'] as { id?: unknown } | undefined;
        const status = d['status'];
        if (typeof source?.id === 'string' && typeof status === 'string' && !SETTLED.has(status)) out.add(source.id);
      }
      cursor = page.nextCursor;
    } while (cursor !== null);
    return out;
  }

  async findPeriodInvoice(contractId: string, period: string): Promise<{ id: string; number: string | null } | null> {
    const page = await this.store
      .collection<DocumentData>('invoices')
      .query({ where: [where('source.id', '==', contractId), where('source.period', '==', period), where('source.kind', '==', 'contract')], limit: 1 });
    const d = page.docs[0];
    if (!d) return null;
    return { id: d.id, number: typeof d['number'] === 'string' ? d['number'] : null };
  }

  async unsentDrafts(contractId: string): Promise<UnsentDraft[]> {
    const page = await this.store
      .collection<DocumentData>('invoices')
      .query({ where: [where('source.id', '==', contractId), where('source.kind', '==', 'contract'), where('status', '==', 'draft')], limit: 500 });
    const out: UnsentDraft[] = [];
    for (const d of page.docs) {
      const source = d['source'] as { period?: unknown } | undefined;
      const number = d['number'];
      const total = d['totalCents'];
      if (typeof number === 'string' && typeof source?.period === 'string' && typeof total === 'number') out.push({ invoiceId: d.id, number, period: source.period, totalCents: total });
    }
    return out.sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  }

  async invoiceStatuses(contractId: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    let cursor: string | null = null;
    do {
      const page = await this.store
        .collection<DocumentData>('invoices')
        .query({ where: [where('source.id', '==', contractId), where('source.kind', '==', 'contract')], limit: 500, ...(cursor ? { startAfter: cursor } : {}) });
      for (const d of page.docs) if (typeof d['status'] === 'string') out.set(d.id, d['status']);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return out;
  }
}
