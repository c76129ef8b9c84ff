import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  leadConversionRequestSchema,
  CSV_IMPORT_MAX_BYTES,
  clientImportCommitSchema,
  clientImportPreviewSchema,
  clientImportRequestSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  clientPatchSchema,
  clientRelatedResponseSchema,
  clientViewSchema,
  revealPasscodeResponseSchema,
  siteInputSchema,
  sitePatchSchema,
  siteViewSchema,
} from '../../contracts/clients.ts';
import type { ClientDeps } from '../../application/clients/client-deps.ts';
import { listClients } from '../../application/clients/list-clients.ts';
import { getClient, getSite } from '../../application/clients/get-client.ts';
import { createClient } from '../../application/clients/create-client.ts';
import { updateClient } from '../../application/clients/update-client.ts';
import { setClientArchived } from '../../application/clients/set-client-archived.ts';
import { deleteClient } from '../../application/clients/delete-client.ts';
import { addSite } from '../../application/clients/add-site.ts';
import { updateSite } from '../../application/clients/update-site.ts';
import { removeSite } from '../../application/clients/remove-site.ts';
import { revealPasscode } from '../../application/clients/reveal-passcode.ts';
import { previewClientImport } from '../../application/clients/preview-client-import.ts';
import { commitClientImport } from '../../application/clients/commit-client-import.ts';
import { clientImportTemplateCsv } from '../../application/clients/client-csv.ts';
import { exportClientsCsv } from '../../application/clients/export-clients.ts';
import { convertLeadToClient } from '../../application/clients/convert-lead-to-client.ts';
import { getClientRelated } from '../../application/clients/get-client-related.ts';

/** The client database (docs/clients.md): viewClients to read, editClients to change or reveal. */
const VIEW = needs('viewClients');
const EDIT = needs('editClients');

const id = z.string().min(1).max(200);
const clientParams = z.object({ id });
const siteParams = z.object({ id, siteId: id });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const clientRoutes: FastifyPluginAsyncZod<ClientDeps> = async (app, deps) => {
  app.get(
    '/api/clients',
    { config: { access: VIEW }, schema: { querystring: clientListQuerySchema, response: { 200: clientListResponseSchema, 400: apiErrorSchema } } },
    async (req) => {
      const q = req.query;
      return listClients(deps, req.auth, {
        text: q.q || null,
        kind: q.kind ?? null,
        tag: q.tag ? q.tag.toLowerCase() : null,
        source: q.source ?? null,
        archived: q.archived,
        sort: q.sort,
        limit: q.limit,
        cursor: q.cursor ?? null,
      });
    },
  );

  app.get('/api/clients/export.csv', { config: { access: VIEW } }, async (req, reply) => {
    const day = deps.clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="clients-${day}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(exportClientsCsv(deps, req.auth)));
  });

  // The import's columns with one example row, to fill in a spreadsheet (no client data in it).
  app.get('/api/clients/import/template.csv', { config: { access: EDIT } }, async (_req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="clients-import-template.csv"')
      .header('x-content-type-options', 'nosniff')
      .send(clientImportTemplateCsv()),
  );

  app.get('/api/clients/:id', { config: { access: VIEW }, schema: { params: clientParams, response: { 200: clientViewSchema, ...errors } } }, async (req) =>
    getClient(deps, req.auth, req.params.id),
  );

  app.get(
    '/api/clients/:id/related',
    { config: { access: VIEW }, schema: { params: clientParams, response: { 200: clientRelatedResponseSchema, ...errors } } },
    async (req) => getClientRelated(deps, req.auth, req.params.id),
  );

  app.post(
    '/api/clients',
    { config: { access: EDIT }, schema: { body: clientInputSchema, response: { 201: clientViewSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await createClient(deps, req.auth, req.body)),
  );

  app.patch(
    '/api/clients/:id',
    { config: { access: EDIT }, schema: { params: clientParams, body: clientPatchSchema, response: { 200: clientViewSchema, ...errors } } },
    async (req) => updateClient(deps, req.auth, req.params.id, req.body),
  );

  app.post(
    '/api/clients/:id/archive',
    { config: { access: EDIT }, schema: { params: clientParams, response: { 200: clientViewSchema, ...errors } } },
    async (req) => setClientArchived(deps, req.auth, req.params.id, true),
  );

  app.post(
    '/api/clients/:id/unarchive',
    { config: { access: EDIT }, schema: { params: clientParams, response: { 200: clientViewSchema, ...errors } } },
    async (req) => setClientArchived(deps, req.auth, req.params.id, false),
  );

  app.delete('/api/clients/:id', { config: { access: EDIT }, schema: { params: clientParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await deleteClient(deps, req.auth, req.params.id);
    return reply.status(204).send(null);
  });

  app.get(
    '/api/clients/:id/sites/:siteId',
    { config: { access: VIEW }, schema: { params: siteParams, response: { 200: siteViewSchema, ...errors } } },
    async (req) => getSite(deps, req.auth, req.params.id, req.params.siteId),
  );

  app.post(
    '/api/clients/:id/sites',
    { config: { access: EDIT }, schema: { params: clientParams, body: siteInputSchema, response: { 201: siteViewSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await addSite(deps, req.auth, req.params.id, req.body)),
  );

  app.patch(
    '/api/clients/:id/sites/:siteId',
    { config: { access: EDIT }, schema: { params: siteParams, body: sitePatchSchema, response: { 200: siteViewSchema, ...errors } } },
    async (req) => updateSite(deps, req.auth, req.params.id, req.params.siteId, req.body),
  );

  app.delete('/api/clients/:id/sites/:siteId', { config: { access: EDIT }, schema: { params: siteParams, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await removeSite(deps, req.auth, req.params.id, req.params.siteId);
    return reply.status(204).send(null);
  });

  app.post(
    '/api/clients/:id/sites/:siteId/reveal-passcode',
    { config: { access: EDIT, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { params: siteParams, response: { 200: revealPasscodeResponseSchema, ...errors } } },
    async (req) => {
      const passcode = await revealPasscode(deps, req.auth, req.params.id, req.params.siteId);
      req.log.info({ clientId: req.params.id, siteId: req.params.siteId, userId: req.auth.kind === 'signed-out' ? null : req.auth.user.id }, 'alarm passcode revealed');
      return { passcode };
    },
  );

  const importLimit = CSV_IMPORT_MAX_BYTES * 2 + 1024; // JSON escaping can double the text
  app.post(
    '/api/clients/import/preview',
    { config: { access: EDIT }, bodyLimit: importLimit, schema: { body: clientImportRequestSchema, response: { 200: clientImportPreviewSchema, 400: apiErrorSchema } } },
    async (req) => previewClientImport(deps, req.auth, req.body.csv, req.body.mapping),
  );

  app.post(
    '/api/clients/import/commit',
    { config: { access: EDIT }, bodyLimit: importLimit, schema: { body: clientImportRequestSchema, response: { 201: clientImportCommitSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await commitClientImport(deps, req.auth, req.body.csv, { mapping: req.body.mapping, skipDuplicates: req.body.skipDuplicates })),
  );

  app.post(
    '/api/leads/:id/convert',
    { config: { access: EDIT }, schema: { params: clientParams, body: leadConversionRequestSchema.nullish(), response: { 201: clientViewSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await convertLeadToClient(deps, req.auth, req.params.id, req.body ?? {})),
  );
};
