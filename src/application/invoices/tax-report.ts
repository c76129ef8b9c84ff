import Papa from 'papaparse';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { buildTaxReport, periodRange, type PeriodKind, type TaxBasis, type TaxReport } from '../../domain/invoices/tax-report.ts';
import { centsToDecimal, formatRateBp } from '../../domain/shared/money.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { todayOf, type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface TaxReportRequest {
  basis: TaxBasis;
  period: PeriodKind;
  /** '2026-11', '2026-Q4', '2026' or '2026-01-01..2026-03-31'. */
  value: string;
}

const PERIOD_FIELD: Readonly<Record<PeriodKind, string>> = { month: 'Month', quarter: 'Quarter', year: 'Year', custom: 'Period' };

export async function taxReport(deps: Pick<InvoiceDeps, 'invoices' | 'clock' | 'format'>, auth: AuthState, req: TaxReportRequest): Promise<TaxReport> {
  requireAccess(auth, 'viewInvoices');
  const range = periodRange(req.period, req.value);
  const label = PERIOD_FIELD[req.period];
  if (!range) throw new DomainError('validation', `${label}: "${req.value}" does not name a ${req.period === 'custom' ? 'range of days' : req.period}; pick one.`, { value: [`Pick a ${label.toLowerCase()}.`] });
  // A mistyped year (0226, 2062) would give an empty report that looks like "no tax due".
  const thisYear = Number(todayOf(deps).slice(0, 4));
  for (const day of [range.from, range.to]) {
    const year = Number(day.slice(0, 4));
    if (year < 2000 || year > thisYear + 1) {
      const message = `${label}: the year ${day.slice(0, 4)} looks mistyped; pick a year from 2000 to ${thisYear + 1}.`;
      throw new DomainError('validation', message, { value: [message] });
    }
  }
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
