import { formatMoney, type MoneySettings } from '../shared/money.ts';
import type { Invoice } from './invoice.ts';
import type { TaxReport } from './tax-report.ts';

/** Who the documents come from (config: COMPANY_*). */
export interface CompanyLetterhead {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** How to pay (bank transfer, check…), printed on every invoice (config: PAYMENT_INSTRUCTIONS). */
  paymentInstructions?: string;
}

/** The configured currency and locale (CURRENCY, LOCALE) and the company time zone. */
export interface DocumentFormat extends MoneySettings {
  timeZone: string;
}

/** What an invoice document prints besides the invoice itself: the client's postal address, as the locale writes it. */
export interface BillTo {
  addressLines: string[];
}

/**
 * The "How to pay" box the PDF and the public page /i/ both show (one text, one owner): the
 * configured instructions and the amount to pay quoting the number while something is owed,
 * a thank-you once it is paid; nothing on a credit note or a void invoice.
 */
export type PaymentGuide = { kind: 'pay'; title: string; lines: string[] } | { kind: 'paid'; title: string; lines: [] };

export function paymentGuide(inv: Pick<Invoice, 'kind' | 'status' | 'balanceCents' | 'number'>, instructions: string | null | undefined, money: MoneySettings): PaymentGuide | null {
  if (inv.kind !== 'invoice' || inv.status === 'void') return null;
  if (inv.balanceCents <= 0) return { kind: 'paid', title: 'Paid in full. Thank you.', lines: [] };
  const text = (instructions ?? '').trim();
  return { kind: 'pay', title: 'How to pay', lines: [...(text ? [text] : []), `Please pay ${formatMoney(inv.balanceCents, money)} and quote ${inv.number} with your payment.`] };
}

/** Renders the PDFs the client and the accountant receive. */
export interface InvoiceDocuments {
  invoicePdf(invoice: Invoice, company: CompanyLetterhead, format: DocumentFormat, billTo?: BillTo): Promise<Uint8Array>;
  taxReportPdf(report: TaxReport, company: CompanyLetterhead, format: DocumentFormat): Promise<Uint8Array>;
}
