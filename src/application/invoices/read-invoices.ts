import type { AuditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { KEYWORD_WORDS } from '../../domain/inventory/inventory-item.ts';
import { searchWords } from '../../domain/shared/search.ts';
import { INVOICE_ENTITY, daysOverdue, isOverdue, type Invoice } from '../../domain/invoices/invoice.ts';
import type { InvoiceQuery } from '../../domain/invoices/invoice-repository.ts';
import type { Page } from '../../domain/shared/page.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { billToOf, publicLink, renderInvoicePdf, todayOf, type InvoiceDeps } from './invoice-deps.ts';
import { paymentGuide, type PaymentGuide } from '../../domain/invoices/invoice-documents.ts';
import { mayAccess, requireAccess } from '../shared/require-access.ts';
import { linkActive, linkGone, linkIsLive } from '../../domain/shared/public-link.ts';

export interface InvoiceView extends Invoice {
  overdue: boolean;
  daysOverdue: number;
}

export interface InvoiceDetail {
  invoice: InvoiceView;
  publicUrl: string;
  /** False once staff revoked the link or the invoice was voided. */
  linkActive: boolean;
  audit: AuditEntry[];
  canEdit: boolean;
}

export const viewOf = (inv: Invoice, today: string): InvoiceView => ({ ...inv, overdue: isOverdue(inv, today), daysOverdue: daysOverdue(inv, today) });

export type ListInvoicesInput = Omit<InvoiceQuery, 'today' | 'words'> & { search: string };

export async function listInvoices(deps: InvoiceDeps, auth: AuthState, input: ListInvoicesInput): Promise<Page<InvoiceView>> {
  requireAccess(auth, 'viewInvoices');
  const today = todayOf(deps);
  const { search, ...rest } = input;
  const words = [...new Set(searchWords(search, KEYWORD_WORDS))].slice(0, 5);
  const page = await deps.invoices.list({ ...rest, words, today });
  return { items: page.items.map((i) => viewOf(i, today)), nextCursor: page.nextCursor };
}

async function found(deps: InvoiceDeps, id: string): Promise<Invoice> {
  const inv = await deps.invoices.get(id);
  if (!inv) throw new DomainError('not-found', `No invoice ${id}.`);
  return inv;
}

export async function getInvoice(deps: InvoiceDeps, auth: AuthState, id: string): Promise<InvoiceDetail> {
  requireAccess(auth, 'viewInvoices');
  const inv = await found(deps, id);
  const audit = await deps.audit.listFor(INVOICE_ENTITY, id, { limit: 50 });
  return { invoice: viewOf(inv, todayOf(deps)), publicUrl: publicLink(deps, inv.publicToken), linkActive: linkActive(inv), audit, canEdit: mayAccess(auth, 'editInvoices') };
}

export async function invoicePdf(deps: InvoiceDeps, auth: AuthState, id: string): Promise<{ number: string; pdf: Uint8Array }> {
  requireAccess(auth, 'viewInvoices');
  const inv = await found(deps, id);
  return { number: inv.number, pdf: await renderInvoicePdf(deps, inv) };
}

/** What the client sees through the public link: no internal ids, audit or notes of staff. */
export interface PublicInvoice {
  number: string;
  kind: Invoice['kind'];
  company: InvoiceDeps['company'];
  clientName: string;
  /** The client's billing address, line by line as the locale writes it. */
  clientAddress: string[];
  clientEmail: string | null;
  title: string;
  notes: string;
  issueDate: string;
  dueDate: string;
  status: Invoice['status'];
  overdue: boolean;
  lines: Invoice['lines'];
  taxes: Invoice['taxes'];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  balanceCents: number;
  payments: { date: string; amountCents: number; method: string }[];
  currency: string;
  /** The same "How to pay" box the PDF prints; null on a credit note or a void invoice. */
  howToPay: PaymentGuide | null;
}

/**
 * Drafts are not public: their link answers 404 like an unknown token until they are sent. A
 * revoked, rotated-away or voided link answers 410 with the company to contact, nothing else.
 */
export async function publicFound(deps: InvoiceDeps, token: string): Promise<Invoice> {
  const inv = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await deps.invoices.getByPublicToken(token) : null;
  if (!inv || inv.status === 'draft') throw new DomainError('not-found', 'No such invoice.');
  if (!linkIsLive(inv, token)) throw linkGone(deps.company);
  return inv;
}

export async function publicInvoice(deps: InvoiceDeps, token: string): Promise<PublicInvoice> {
  const inv = await publicFound(deps, token);
  return {
    number: inv.number,
    kind: inv.kind,
    company: deps.company,
    clientName: inv.clientName,
    clientAddress: (await billToOf(deps, inv)).addressLines,
    clientEmail: inv.clientEmail,
    title: inv.title,
    notes: inv.notes,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    status: inv.status,
    overdue: isOverdue(inv, todayOf(deps)),
    lines: inv.lines,
    taxes: inv.taxes,
    subtotalCents: inv.subtotalCents,
    taxCents: inv.taxCents,
    totalCents: inv.totalCents,
    paidCents: inv.paidCents,
    creditedCents: inv.creditedCents,
    balanceCents: inv.balanceCents,
    payments: inv.payments.map((p) => ({ date: p.date, amountCents: p.amountCents, method: p.method })),
    currency: deps.format.currency,
    howToPay: paymentGuide(inv, deps.company.paymentInstructions, deps.format),
  };
}

export async function publicInvoicePdf(deps: InvoiceDeps, token: string): Promise<{ number: string; pdf: Uint8Array }> {
  const inv = await publicFound(deps, token);
  return { number: inv.number, pdf: await renderInvoicePdf(deps, inv) };
}
