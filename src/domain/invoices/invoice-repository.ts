import type { NewAuditEntry } from '../audit/audit-entry.ts';
import type { Invoice, InvoiceStatus } from './invoice.ts';
import type { ReportInvoice, TaxBasis } from './tax-report.ts';
import type { Page } from '../shared/page.ts';

export const INVOICE_SORTS = ['issueDate', 'dueDate', 'number', 'totalCents', 'balanceCents', 'clientName'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export interface InvoiceQuery {
  status: InvoiceStatus | null;
  /** Open invoices past due on `today` (or, false, everything else). */
  overdue: boolean | null;
  today: string;
  clientId: string | null;
  /** Issue date range, inclusive. */
  from: string | null;
  to: string | null;
  /** Search words; an invoice matches when each prefixes a word of its number, client or title. */
  words: string[];
  sort: InvoiceSort;
  direction: 'asc' | 'desc';
  limit: number;
  cursor: string | null;
}

export interface Changed {
  invoice: Invoice;
  /** Its entry in the audit trail, committed with it. */
  audit: NewAuditEntry;
}

/**
 * Invoices on a store that writes an invoice, its year's number counter and its audit entry all
 * or nothing. `make` receives the next number of the year (maybe more than once, when a
 * concurrent creation forces a retry) and returns what to commit.
 */
export interface InvoiceRepository {
  create(year: number, make: (sequence: number) => Changed): Promise<Invoice>;
  update(id: string, change: (current: Invoice) => Changed | null): Promise<Invoice>;
  /**
   * `update` for an outside event (a payment provider's webhook, docs/payments.md): the event's
   * key is stored in the same transaction as the change, so it applies at most once, whoever
   * delivers it how often; `applied` is false when the key was seen before (nothing written).
   */
  applyOnce(id: string, eventKey: string, change: (current: Invoice) => Changed | null): Promise<{ invoice: Invoice; applied: boolean }>;
  /** The credit note gets the next number of its year's own credit-note sequence (CN-YYYY-NNNN); both documents commit together. */
  createCreditNote(originalId: string, year: number, make: (original: Invoice, sequence: number) => { creditNote: Changed; original: Changed }): Promise<Invoice>;
  get(id: string): Promise<Invoice | null>;
  /** The invoice whose current or a former public token this is. */
  getByPublicToken(token: string): Promise<Invoice | null>;
  list(q: InvoiceQuery): Promise<Page<Invoice>>;
  /** Every invoice that may count in the period on that basis (the report filters exactly). */
  forTaxReport(basis: TaxBasis, from: string, to: string): Promise<ReportInvoice[]>;
}
