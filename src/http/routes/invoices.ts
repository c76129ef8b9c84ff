import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs, PUBLIC } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  createInvoiceSchema,
  creditNoteSchema,
  invoiceDetailSchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
  paymentInputSchema,
  paymentParamsSchema,
  publicInvoiceSchema,
  sendSchema,
  tokenParamsSchema,
  updateDraftSchema,
  voidSchema,
} from '../../contracts/invoices.ts';
import type { InvoiceDeps } from '../../application/invoices/invoice-deps.ts';
import { createInvoiceFromRequest, duplicateInvoice } from '../../application/invoices/create-invoice.ts';
import { addPayment, deletePayment, updateDraft, updatePayment, voidAnInvoice } from '../../application/invoices/change-invoice.ts';
import { createCreditNote } from '../../application/invoices/issue-credit-note.ts';
import { sendInvoice } from '../../application/invoices/send-invoice.ts';
import { getInvoice, invoicePdf, listInvoices, publicInvoice, publicInvoicePdf, viewOf } from '../../application/invoices/read-invoices.ts';
import { todayOf } from '../../application/invoices/invoice-deps.ts';
import { revokeInvoiceLink, rotateInvoiceLink } from '../../application/invoices/invoice-link.ts';
import { publicLinkSchema } from '../../contracts/public-link.ts';
import type { Invoice } from '../../domain/invoices/invoice.ts';
import { taxReportRoutes } from './tax-reports.ts';
import { sendPreviewSchema } from '../../contracts/send-preview.ts';
import { invoiceSendPreview } from '../../application/invoices/invoice-send-preview.ts';

const VIEW = needs('viewInvoices');
const EDIT = needs('editInvoices');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const PUBLIC_LIMIT = { max: 60, timeWindow: '1 minute' };

/** The invoice manager's API (/admin/invoices) and the client's public link (/i/<token>). */
export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceDeps> = async (app, deps) => {
  const view = (inv: Invoice) => viewOf(inv, todayOf(deps));
  await app.register(taxReportRoutes, deps);

  app.get(
    '/api/invoices',
    { config: { access: VIEW }, schema: { querystring: invoiceListQuerySchema, response: { 200: invoiceListResponseSchema, ...errors } } },
    async (req) => {
      const q = req.query;
      return listInvoices(deps, req.auth, {
        search: q.search,
        status: q.status ?? null,
        overdue: q.overdue === 'true' ? true : null,
        clientId: q.clientId ?? null,
        from: q.from ?? null,
        to: q.to ?? null,
        sort: q.sort,
        direction: q.dir,
        limit: q.limit,
        cursor: q.cursor ?? null,
      });
    },
  );

  app.post(
    '/api/invoices',
    { config: { access: EDIT }, schema: { body: createInvoiceSchema, response: { 201: invoiceSchema, ...errors } } },
    async (req, reply) => {
      const b = req.body;
      const inv = await createInvoiceFromRequest(deps, req.auth, {
        clientId: b.clientId,
        siteId: b.siteId ?? null,
        title: b.title,
        notes: b.notes,
        terms: b.terms,
        ...(b.issueDate ? { issueDate: b.issueDate } : {}),
        lines: b.lines,
        jobId: b.jobId ?? null,
        ...(b.materialsTaxRateBp === undefined ? {} : { materialsTaxRateBp: b.materialsTaxRateBp }),
      });
      return reply.status(201).send(view(inv));
    },
  );

  app.get(
    '/api/invoices/:id',
    { config: { access: VIEW }, schema: { params: invoiceIdParamsSchema, response: { 200: invoiceDetailSchema, ...errors } } },
    async (req) => getInvoice(deps, req.auth, req.params.id),
  );

  app.put(
    '/api/invoices/:id',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, body: updateDraftSchema, response: { 200: invoiceSchema, ...errors } } },
    async (req) => view(await updateDraft(deps, req.auth, req.params.id, req.body)),
  );

  app.get(
    '/api/invoices/:id/send-preview',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, response: { 200: sendPreviewSchema, ...errors } } },
    async (req) => invoiceSendPreview(deps, req.auth, req.params.id),
  );

  app.post(
    '/api/invoices/:id/send',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, body: sendSchema, response: { 200: invoiceSchema, ...errors } } },
    async (req) => view(await sendInvoice(deps, req.auth, req.params.id, req.body)),
  );

  app.post(
    '/api/invoices/:id/payments',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, body: paymentInputSchema, response: { 200: invoiceSchema, ...errors } } },
    async (req) => view(await addPayment(deps, req.auth, req.params.id, req.body)),
  );

  app.patch(
    '/api/invoices/:id/payments/:paymentId',
    { config: { access: EDIT }, schema: { params: paymentParamsSchema, body: paymentInputSchema, response: { 200: invoiceSchema, ...errors } } },
    async (req) => view(await updatePayment(deps, req.auth, req.params.id, req.params.paymentId, req.body)),
  );

  app.delete(
    '/api/invoices/:id/payments/:paymentId',
    { config: { access: EDIT }, schema: { params: paymentParamsSchema, response: { 200: invoiceSchema, ...errors } } },
    async (req) => view(await deletePayment(deps, req.auth, req.params.id, req.params.paymentId)),
  );

  app.post(
    '/api/invoices/:id/duplicate',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, response: { 201: invoiceSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(view(await duplicateInvoice(deps, req.auth, req.params.id))),
  );

  app.post(
    '/api/invoices/:id/void',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, body: voidSchema, response: { 200: invoiceSchema, ...errors } } },
    async (req) => view(await voidAnInvoice(deps, req.auth, req.params.id, req.body.reason)),
  );

  app.post(
    '/api/invoices/:id/credit-notes',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, body: creditNoteSchema, response: { 201: invoiceSchema, ...errors } } },
    async (req, reply) => {
      const b = req.body;
      const note = await createCreditNote(deps, req.auth, req.params.id, { lines: b.lines, reason: b.reason, ...(b.issueDate ? { issueDate: b.issueDate } : {}) });
      return reply.status(201).send(view(note));
    },
  );

  // The client's link: revoke (it stops working) or rotate (a new one; the old one stops working).
  app.post(
    '/api/invoices/:id/link/revoke',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, response: { 200: publicLinkSchema, ...errors } } },
    async (req) => revokeInvoiceLink(deps, req.auth, req.params.id),
  );

  app.post(
    '/api/invoices/:id/link/rotate',
    { config: { access: EDIT }, schema: { params: invoiceIdParamsSchema, response: { 200: publicLinkSchema, ...errors } } },
    async (req) => rotateInvoiceLink(deps, req.auth, req.params.id),
  );

  app.get('/api/invoices/:id/pdf', { config: { access: VIEW }, schema: { params: invoiceIdParamsSchema } }, async (req, reply) => {
    const { number, pdf } = await invoicePdf(deps, req.auth, req.params.id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${number}.pdf"`).send(Buffer.from(pdf));
  });

  app.get(
    '/api/public/invoices/:token',
    { config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT }, schema: { params: tokenParamsSchema, response: { 200: publicInvoiceSchema, 404: apiErrorSchema, 410: apiErrorSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return publicInvoice(deps, req.params.token);
    },
  );

  app.get('/api/public/invoices/:token/pdf', { config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT }, schema: { params: tokenParamsSchema } }, async (req, reply) => {
    const { number, pdf } = await publicInvoicePdf(deps, req.params.token);
    const disposition = (req.query as { download?: string }).download === '1' ? 'attachment' : 'inline';
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-disposition', `${disposition}; filename="${number}.pdf"`)
      .send(Buffer.from(pdf));
  });
};
