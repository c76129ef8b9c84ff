import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { ClientDirectory } from '../../domain/clients/client-directory.ts';
import type { BillTo, CompanyLetterhead, DocumentFormat, InvoiceDocuments } from '../../domain/invoices/invoice-documents.ts';
import { postalAddressLines } from '../../domain/clients/postal-address.ts';
import type { InvoiceRepository } from '../../domain/invoices/invoice-repository.ts';
import type { JobMaterials } from '../../domain/invoices/job-materials.ts';
import type { Mailer } from '../../domain/mail/mailer.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import type { Notify } from '../../domain/notifications/notification-event.ts';
import { dayIn, type Invoice, type Today } from '../../domain/invoices/invoice.ts';

export interface InvoiceDeps {
  invoices: InvoiceRepository;
  clients: ClientDirectory;
  jobs: JobMaterials;
  documents: InvoiceDocuments;
  mailer: Mailer;
  audit: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  /** Unguessable tokens for public links (≥ 128 bits of randomness). */
  tokens: IdGenerator;
  company: CompanyLetterhead;
  format: DocumentFormat;
  /** The site's address; public links are `${baseUrl}/i/<token>`. */
  baseUrl: string;
  /** Notifications (a payment: the office's bell and mail, the customer's receipt). */
  notify?: Notify;
}

export const todayOf = (deps: Pick<InvoiceDeps, 'clock' | 'format'>): string => dayIn(deps.format.timeZone, deps.clock.now());

/** Today in the company time zone with the configured currency and locale (date rules, messages). */
export const calendarOf = (deps: Pick<InvoiceDeps, 'clock' | 'format'>): Today => ({ today: todayOf(deps), money: { currency: deps.format.currency, locale: deps.format.locale } });

export const publicLink = (deps: Pick<InvoiceDeps, 'baseUrl'>, token: string): string => `${deps.baseUrl}/i/${token}`;

/** The client's billing address as the locale writes it (its current one; empty parts left out). */
export async function billToOf(deps: Pick<InvoiceDeps, 'clients' | 'format'>, inv: Pick<Invoice, 'clientId'>): Promise<BillTo> {
  const client = await deps.clients.getClient(inv.clientId);
  return { addressLines: client ? postalAddressLines(client.billingAddress, deps.format.locale) : [] };
}

/** The invoice or credit note as the customer's PDF: letterhead, bill-to address, how to pay. */
export async function renderInvoicePdf(deps: Pick<InvoiceDeps, 'clients' | 'format' | 'documents' | 'company'>, inv: Invoice): Promise<Uint8Array> {
  return deps.documents.invoicePdf(inv, deps.company, deps.format, await billToOf(deps, inv));
}
