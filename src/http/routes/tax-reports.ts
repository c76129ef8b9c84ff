import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { taxReportQuerySchema, taxReportSchema } from '../../contracts/invoices.ts';
import type { InvoiceDeps } from '../../application/invoices/invoice-deps.ts';
import { taxReport, taxReportCsv } from '../../application/invoices/tax-report.ts';

const VIEW = needs('viewInvoices');

/** Tax reporting (/admin/tax-reporting): per rate and period, accrual or cash; JSON, CSV and PDF. */
export const taxReportRoutes: FastifyPluginAsyncZod<InvoiceDeps> = async (app, deps) => {
  app.get(
    '/api/tax-reports',
    { config: { access: VIEW }, schema: { querystring: taxReportQuerySchema, response: { 200: taxReportSchema, 400: apiErrorSchema } } },
    async (req) => taxReport(deps, req.auth, req.query),
  );

  app.get('/api/tax-reports/export.csv', { config: { access: VIEW }, schema: { querystring: taxReportQuerySchema } }, async (req, reply) => {
    const report = await taxReport(deps, req.auth, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tax-${report.basis}-${report.from}-${report.to}.csv"`)
      .send(taxReportCsv(report));
  });

  app.get('/api/tax-reports/export.pdf', { config: { access: VIEW }, schema: { querystring: taxReportQuerySchema } }, async (req, reply) => {
    const report = await taxReport(deps, req.auth, req.query);
    const pdf = await deps.documents.taxReportPdf(report, deps.company, deps.format);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="tax-${report.basis}-${report.from}-${report.to}.pdf"`)
      .send(Buffer.from(pdf));
  });
};
