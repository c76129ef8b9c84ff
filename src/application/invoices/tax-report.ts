import Papa from 'papaparse';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { buildTaxReport, periodRange, type PeriodKind, type TaxBasis, type TaxReport } from '../../domain/invoices/tax-report.ts';
import { centsToDecimal, formatRateBp } from '../../domain/shared/money.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface TaxReportRequest {
  basis: TaxBasis;
  period: PeriodKind;
  /** '2026-11', '2026-Q4', '2026' or '2026-01-01..2026-03-31'. */
  value: string;
}

export async function taxReport(deps: Pick<InvoiceDeps, 'invoices'>, auth: AuthState, req: TaxReportRequest): Promise<TaxReport> {
  requireAccess(auth, 'viewInvoices');
  const range = periodRange(req.period, req.value);
  if (!range) throw new DomainError('validation', 'Pick a period.', { value: ['That does not name a period of that kind.'] });
  const invoices = await deps.invoices.forTaxReport(req.basis, range.from, range.to);
  return buildTaxReport(invoices, req.basis, range.from, range.to);
}

/** Cells a spreadsheet would run as a formula get an apostrophe; negative amounts stay numbers. */
const FORMULA = /^(?:[=+@\t\r]|-(?!\d))/;

/** Per-rate summary, a blank line, then the invoices it comes from (amounts in currency units). */
export function taxReportCsv(report: TaxReport): string {
  const summary = Papa.unparse(
    {
      fields: ['section', 'basis', 'from', 'to', 'rate', 'rate_bp', 'invoices', 'taxable', 'tax'],
      data: [
        ...report.rows.map((r) => ['summary', report.basis, report.from, report.to, formatRateBp(r.taxRateBp), r.taxRateBp, r.invoiceCount, centsToDecimal(r.taxableCents), centsToDecimal(r.taxCents)]),
        ['total', report.basis, report.from, report.to, '', '', '', centsToDecimal(report.totals.taxableCents), centsToDecimal(report.totals.taxCents)],
      ],
    },
    { escapeFormulae: FORMULA },
  );
  const entries = Papa.unparse(
    {
      fields: ['date', 'number', 'kind', 'client', 'rate_bp', 'taxable', 'tax'],
      data: report.entries.map((e) => [e.date, e.number, e.kind, e.clientName, e.taxRateBp, centsToDecimal(e.taxableCents), centsToDecimal(e.taxCents)]),
    },
    { escapeFormulae: FORMULA },
  );
  return `${summary}\r\n\r\n${entries}\r\n`;
}
