import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { Readable } from 'node:stream';
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
import { submitQuoteRequest, type PhotoUpload, type SubmitQuoteRequestDeps } from '../../application/quotes/submit-quote-request.ts';
import { changeLeadStatus } from '../../application/quotes/change-lead-status.ts';

export type QuoteRoutesDeps = Omit<SubmitQuoteRequestDeps, 'onMailError'>;

const LEADS_PAGE_SIZE = 25;

export const toLead = (q: QuoteRequest): Lead => ({
  id: q.id,
  name: q.name,
  email: q.email,
  phone: q.phone,
  services: [...q.services],
  propertyType: q.propertyType,
  construction: q.construction,
  address: q.address,
  postcode: q.postcode,
  preferredDate: q.preferredDate,
  preferredWindow: q.preferredWindow,
  description: q.description,
  photos: q.photos.map((p) => ({ contentType: p.contentType, size: p.size, fileName: p.fileName })),
  status: q.status,
  nextStatuses: [...nextLeadStatuses(q.status)],
  convertedClientId: q.convertedClientId,
  createdAt: q.createdAt,
  updatedAt: q.updatedAt,
});

/** zod issues as `{ field: [messages] }`, the shape every form error uses. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (fields[k] ??= []).push('Unknown field.');
      continue;
    }
    const key = String(issue.path[0] ?? '_');
    if (!fields[key]?.includes(issue.message)) (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Free-quote requests (public, multipart with up to three photos) and the staff lead list.
 * Multipart parsing is registered inside this plugin only, so no other route accepts it.
 */
export const quoteRoutes: FastifyPluginAsyncZod<QuoteRoutesDeps> = async (app, deps) => {
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
      if (!parsed.success) throw new DomainError('validation', 'Some fields need attention.', fieldErrors(parsed.error));
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
      const page = await deps.leads.list({ limit: LEADS_PAGE_SIZE, ...req.query });
      return { leads: page.leads.map(toLead), nextCursor: page.nextCursor };
    },
  );

  const idParams = z.object({ id: z.string().min(1).max(200) });

  app.get(
    '/api/admin/leads/:id',
    { config: { access: needs('viewClients') }, schema: { params: idParams, response: { 200: leadSchema } } },
    async (req) => {
      const lead = await deps.leads.get(req.params.id);
      if (!lead) throw new DomainError('not-found', 'No such quote request.');
      return toLead(lead);
    },
  );

  app.patch(
    '/api/admin/leads/:id',
    { config: { access: needs('editClients') }, schema: { params: idParams, body: leadStatusChangeSchema, response: { 200: leadSchema } } },
    async (req) => toLead(await changeLeadStatus(deps, req.params.id, req.body.status)),
  );

  app.get(
    '/api/admin/leads/:id/photos/:index',
    { config: { access: needs('viewClients') }, schema: { params: idParams.extend({ index: z.coerce.number().int().min(0).max(MAX_PHOTOS - 1) }) } },
    async (req, reply) => {
      const lead = await deps.leads.get(req.params.id);
      const photo = lead?.photos[req.params.index];
      if (!photo) throw new DomainError('not-found', 'No such photo.');
      const file = await deps.files.download(photo.path);
      return reply
        .header('Content-Type', file.metadata.contentType)
        .header('Content-Disposition', file.metadata.contentDisposition ?? 'attachment')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(Readable.from(file.body));
    },
  );
};
