import type { AuthState } from '../../domain/auth/permissions.ts';
import type { TaxReport } from '../../domain/invoices/tax-report.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { InvoiceDeps } from './invoice-deps.ts';
import { taxReport, type TaxReportRequest } from './tax-report.ts';

/** The tax report as a PDF on the company's letterhead, with the report it was drawn from (for the file name). */
export async function exportTaxReportPdf(
  deps: Pick<InvoiceDeps, 'invoices' | 'documents' | 'company' | 'format' | 'clock'>,
  auth: AuthState,
  request: TaxReportRequest,
): Promise<{ report: TaxReport; pdf: Uint8Array }> {
  requireAccess(auth, 'viewInvoices');
  const report = await taxReport(deps, auth, request);
  return { report, pdf: await deps.documents.taxReportPdf(report, deps.company, deps.format) };
}
