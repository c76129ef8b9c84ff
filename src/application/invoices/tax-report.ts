import type { AuthState } from '../../domain/auth/permissions.ts';
import { buildTaxReport, periodRange, type PeriodKind, type TaxBasis, type TaxReport } from '../../domain/invoices/tax-report.ts';
import { formatRateBp } from '../../domain/shared/money.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { todayOf, type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { csvMoney, csvRows } from '../shared/csv.ts';

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

/**
 * Per-rate summary, a blank line, then the invoices it comes from (amounts in currency units).
 * Written by the one CSV writer: a client name such as `-1+1+cmd|' /C calc'!A0` gets its
 * apostrophe like any text; amounts are numbers, so a credit note's -12.50 stays one.
 */
export function taxReportCsv(report: TaxReport): string {
  const summary = csvRows([
    ['section', 'basis', 'from', 'to', 'rate', 'rate_bp', 'invoices', 'taxable', 'tax'],
    ...report.rows.map((r) => ['summary', report.basis, report.from, report.to, formatRateBp(r.taxRateBp), r.taxRateBp, r.invoiceCount, csvMoney(r.taxableCents), csvMoney(r.taxCents)]),
    ['total', report.basis, report.from, report.to, '', '', '', csvMoney(report.totals.taxableCents), csvMoney(report.totals.taxCents)],
  ]);
  const entries = csvRows([
    ['date', 'number', 'kind', 'client', 'rate_bp', 'taxable', 'tax'],
    ...report.entries.map((e) => [e.date, e.number, e.kind, e.clientName, e.taxRateBp, csvMoney(e.taxableCents), csvMoney(e.taxCents)]),
  ]);
  return `${summary}\r\n${entries}`;
}
