/**
 * How other features (proposals, monitoring contracts, jobs) create an invoice. The invoices
 * feature implements it (numbering, tax, totals, audit); callers only say what is billed and why.
 */
import type { Actor } from '../audit/audit-entry.ts';

export const PAYMENT_TERMS = ['net0', 'net7', 'net15', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const INVOICE_SOURCE_KINDS = ['blank', 'job', 'proposal', 'contract'] as const;
export type InvoiceSourceKind = (typeof INVOICE_SOURCE_KINDS)[number];

export interface InvoiceLineInput {
  description: string;
  /** Units, may be fractional (hours of labour); > 0. */
  quantity: number;
  /** Integer cents per unit; negative for a discount line. */
  unitPriceCents: number;
  /** Tax rate in basis points (825 = 8.25 %). */
  taxRateBp: number;
  /** The inventory item billed, when the line is one. */
  itemId?: string | null;
}

export interface NewInvoiceInput {
  clientId: string;
  siteId: string | null;
  /** Where it comes from; `period` names a contract's billing period (e.g. 2026-11). */
  source: { kind: InvoiceSourceKind; id: string | null; period?: string };
  title?: string;
  lines: InvoiceLineInput[];
  terms: PaymentTerms;
  /** ISO date (YYYY-MM-DD); today in the company time zone when left out. */
  issueDate?: string;
  notes?: string;
  /** Issue it at once (marked sent: lines locked, payable through its link) instead of leaving a draft. */
  issue?: boolean;
}

export interface IssuedInvoice {
  id: string;
  number: string;
}

/** What a customer page needs to show of an invoice another feature issued (a proposal's deposit). */
export interface PayableInvoiceState {
  id: string;
  number: string;
  status: 'draft' | 'sent' | 'partial' | 'paid' | 'void';
  totalCents: number;
  balanceCents: number;
  /** The live public link's token; null while staff switched the link off. */
  publicToken: string | null;
}

export interface InvoiceIssuer {
  /** Creates a draft invoice with the next gapless number of its issue year (issued at once with `issue`). */
  createInvoice(input: NewInvoiceInput, actor: Actor): Promise<IssuedInvoice>;
  /** The invoice as the customer may see it now; null when there is none. */
  payableState?(invoiceId: string): Promise<PayableInvoiceState | null>;
}
