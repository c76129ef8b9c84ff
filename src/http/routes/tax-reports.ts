import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { TAX_REPORT_ENTRY_LIMIT, taxReportQuerySchema, taxReportSchema } from '../../contracts/invoices.ts';
import type { InvoiceDeps } from '../../application/invoices/invoice-deps.ts';
import { taxReport, taxReportCsv } from '../../application/invoices/tax-report.ts';
import { exportTaxReportPdf } from '../../application/invoices/export-tax-report-pdf.ts';

const VIEW = needs('viewInvoices');

/** Tax reporting (/admin/tax-reporting): per rate and period, accrual or cash; JSON, CSV and PDF. */
export const taxReportRoutes: FastifyPluginAsyncZod<InvoiceDeps> = async (app, deps) => {
  app.get(
    '/api/tax-reports',
    { config: { access: VIEW }, schema: { querystring: taxReportQuerySchema, response: { 200: taxReportSchema, 400: apiErrorSchema } } },
    async (req) => {
      const report = await taxReport(deps, req.auth, req.query);
      const rate = req.query.rate;
      const entries = rate === undefined ? report.entries : report.entries.filter((e) => e.taxRateBp === rate);
      return { ...report, entryCount: entries.length, entries: entries.slice(0, TAX_REPORT_ENTRY_LIMIT) };
    },
  );

  app.get('/api/tax-reports/export.csv', { config: { access: VIEW }, schema: { querystring: taxReportQuerySchema } }, async (req, reply) => {
    const report = await taxReport(deps, req.auth, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tax-${report.basis}-${report.from}-${report.to}.csv"`)
      .send(taxReportCsv(report));
  });

  app.get('/api/tax-reports/export.pdf', { config: { access: VIEW }, schema: { querystring: taxReportQuerySchema } }, async (req, reply) => {
    const { report, pdf } = await exportTaxReportPdf(deps, req.auth, req.query);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="tax-${report.basis}-${report.from}-${report.to}.pdf"`)
      .send(Buffer.from(pdf));
  });
};
