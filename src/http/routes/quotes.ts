import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { PUBLIC, needs } from '../access.ts';
import {
  leadListQuerySchema,
  leadListSchema,
  leadSchema,
  leadStatusChangeSchema,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  quoteRequestSchema,
  quoteResponseSchema,
  type Lead,
} from '../../contracts/quotes.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { readMultipart } from '../multipart.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { nextLeadStatuses, type QuoteRequest } from '../../domain/quotes/quote-request.ts';
import { submitQuoteRequest, type PhotoUpload } from '../../application/quotes/submit-quote-request.ts';
import type { QuoteDeps } from '../../application/quotes/quote-deps.ts';
import { changeLeadStatus } from '../../application/quotes/change-lead-status.ts';
import { getLead } from '../../application/quotes/get-lead.ts';
import { listLeads } from '../../application/quotes/list-leads.ts';
import { openLeadPhoto } from '../../application/quotes/open-lead-photo.ts';
import { topLevelField, validationError } from '../../application/shared/field-errors.ts';
import { sendStoredFile } from '../file-responses.ts';

/** The staff view of a lead: everything but where its photos are stored, and where it may go next. */
export const toLead = ({ services, photos, ...q }: QuoteRequest): Lead => ({
  ...q,
  services: [...services],
  photos: photos.map((p) => ({ contentType: p.contentType, size: p.size, fileName: p.fileName })),
  nextStatuses: [...nextLeadStatuses(q.status)],
});

/**
 * Free-quote requests (public, multipart with up to three photos) and the staff lead list.
 * Multipart parsing is registered inside this plugin only, so no other route accepts it.
 */
export const quoteRoutes: FastifyPluginAsyncZod<QuoteDeps> = async (app, deps) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS, fields: 30, fieldSize: 10_000, parts: 40 },
  });

  app.post(
    '/api/quotes',
    {
      config: { access: PUBLIC, rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: { consumes: ['multipart/form-data'], response: { 201: quoteResponseSchema, 400: apiErrorSchema } },
    },
    async (req, reply) => {
      const body = await readMultipart(req, {
        notMultipart: new DomainError('unsupported-media-type', 'Send the quote request as multipart/form-data.'),
        overLimit: (limit) => {
          if (limit === 'FST_REQ_FILE_TOO_LARGE') return new DomainError('validation', 'A photo is too large.', { photos: ['Each photo may be 5 MB at most.'] });
          if (limit === 'FST_FILES_LIMIT') return new DomainError('validation', 'Too many photos.', { photos: [`Attach at most ${MAX_PHOTOS} photos.`] });
          return new DomainError('payload-too-large', 'The request has too many fields.');
        },
      });
      const unknownFile = body.files.find((f) => f.field !== 'photos');
      if (unknownFile) throw new DomainError('validation', 'Some fields need attention.', { [unknownFile.field]: ['Unknown field.'] });
      const photos: PhotoUpload[] = body.files.map((f) => ({ data: f.bytes, declaredType: f.declaredType, fileName: f.fileName || undefined }));
      const parsed = quoteRequestSchema.safeParse({ ...body.fields, services: body.lists['services'] ?? [] });
      if (!parsed.success) throw validationError(parsed.error.issues, { key: topLevelField });
      const { website, ...input } = parsed.data;
      if (website) {
        // Honeypot filled: a bot. Answer as if accepted, store nothing.
        req.log.warn({ security: 'quote honeypot filled', ip: req.ip }, 'security: quote honeypot filled');
        return reply.status(201).send({ id: 'received', receivedAt: new Date().toISOString(), photos: photos.length });
      }
      const lead = await submitQuoteRequest(
        { ...deps, onMailError: (err, leadId) => req.log.error({ err, leadId }, 'quote request mail failed; the lead is stored') },
        input,
        photos,
      );
      req.log.info({ leadId: lead.id, photos: lead.photos.length }, 'quote request received');
      return reply.status(201).send({ id: lead.id, receivedAt: lead.createdAt, photos: lead.photos.length });
    },
  );

  app.get(
    '/api/admin/leads',
    { config: { access: needs('viewClients') }, schema: { querystring: leadListQuerySchema, response: { 200: leadListSchema } } },
    async (req) => {
      const page = await listLeads(deps, req.auth, req.query);
      return { leads: page.leads.map(toLead), nextCursor: page.nextCursor };
    },
  );

  const idParams = z.object({ id: z.string().min(1).max(200) });

  app.get(
    '/api/admin/leads/:id',
    { config: { access: needs('viewClients') }, schema: { params: idParams, response: { 200: leadSchema } } },
    async (req) => toLead(await getLead(deps, req.auth, req.params.id)),
  );

  app.patch(
    '/api/admin/leads/:id',
    { config: { access: needs('editClients') }, schema: { params: idParams, body: leadStatusChangeSchema, response: { 200: leadSchema } } },
    async (req) => toLead(await changeLeadStatus(deps, req.auth, { id: req.params.id, status: req.body.status })),
  );

  app.get(
    '/api/admin/leads/:id/photos/:index',
    { config: { access: needs('viewClients') }, schema: { params: idParams.extend({ index: z.coerce.number().int().min(0).max(MAX_PHOTOS - 1) }) } },
    async (req, reply) => sendStoredFile(reply, await openLeadPhoto(deps, req.auth, { id: req.params.id, index: req.params.index })),
  );
};
