import type { MoneySettings } from '../shared/money.ts';
import type { Invoice } from './invoice.ts';
import type { TaxReport } from './tax-report.ts';

/** Who the documents come from (config: COMPANY_*). */
export interface CompanyLetterhead {
  name: string;
  address: string;
  phone: string;
  email: string;
}

/** The configured currency and locale (CURRENCY, LOCALE) and the company time zone. */
export interface DocumentFormat extends MoneySettings {
  timeZone: string;
}

/** Renders the PDFs the client and the accountant receive. */
export interface InvoiceDocuments {
  invoicePdf(invoice: Invoice, company: CompanyLetterhead, format: DocumentFormat): Promise<Uint8Array>;
  taxReportPdf(report: TaxReport, company: CompanyLetterhead, format: DocumentFormat): Promise<Uint8Array>;
}
