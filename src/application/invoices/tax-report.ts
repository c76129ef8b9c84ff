import type { AuthState } from '../../domain/auth/permissions.ts';
import { buildTaxReport, periodRange, type PeriodKind, type TaxBasis, type TaxReport } from '../../domain/invoices/tax-report.ts';
import { formatRateBp } from '../../domain/shared/money.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { type InvoiceDeps } from './invoice-deps.ts';
import { requireAccess } from '../shared/require-access.ts';
import { csvMoney, csvRows } from '../shared/csv.ts';

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
