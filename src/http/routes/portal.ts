import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOMER, PUBLIC, needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  contactDetailsResultSchema,
  contactDetailsSchema,
  documentViewerParamsSchema,
  documentViewerSchema,
  portalClientParamsSchema,
  portalClientsSchema,
  portalDocumentParamsSchema,
  portalHubSchema,
  portalMessageSchema,
  serviceJobResultSchema,
  serviceRequestSchema,
  signInLinkRequestSchema,
  signInWithLinkSchema,
} from '../../contracts/portal.ts';
import { normaliseEmail } from '../../domain/auth/permissions.ts';
import type { PortalDeps } from '../../application/portal/portal-deps.ts';
import { listMyClients } from '../../application/portal/list-my-clients.ts';
import { getPortalHub } from '../../application/portal/get-portal-hub.ts';
import { portalCameraPlanPdf, portalInvoicePdf, portalSignOffPdf } from '../../application/portal/portal-documents.ts';
import { requestService } from '../../application/portal/request-service.ts';
import { updateContactDetails } from '../../application/portal/update-contact-details.ts';
import { requestSignInLink, signInWithLink } from '../../application/portal/sign-in-link.ts';
import { openJobFromServiceRequest } from '../../application/portal/open-job-from-service-request.ts';
import { documentViewer } from '../../application/portal/document-viewer.ts';
import { sendPdf } from '../file-responses.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * Links asked for one address: 3 per 15 minutes (counted in the shared rate-limit store, after
 * the body is read), so the form cannot be used to flood someone's mailbox.
 */
const LINK_LIMIT = {
  max: 3,
  timeWindow: '15 minutes',
  hook: 'preHandler' as const,
  keyGenerator: (req: { body?: unknown; ip: string }) => `portal-link:${normaliseEmail(String((req.body as { email?: unknown } | undefined)?.email ?? req.ip))}`,
};
/** Opening links: a token is 256 bits, but guessing is still slowed down per address. */
const OPEN_LIMIT = { max: 20, timeWindow: '1 minute' };

/** The client hub (/portal) and the customers' e-mailed sign-in links (docs/portal.md). */
export const portalRoutes: FastifyPluginAsyncZod<PortalDeps> = async (app, deps) => {
  app.post(
    '/api/portal/sign-in-link',
    { config: { access: PUBLIC, rateLimit: LINK_LIMIT }, schema: { body: signInLinkRequestSchema, response: { 200: portalMessageSchema, 400: apiErrorSchema } } },
    async (req) => requestSignInLink(deps, req.body),
  );

  app.post(
    '/api/portal/sign-in',
    { config: { access: PUBLIC, rateLimit: OPEN_LIMIT }, schema: { body: signInWithLinkSchema, response: { 200: portalMessageSchema, 404: apiErrorSchema, 410: apiErrorSchema } } },
    async (req) => {
      const user = await signInWithLink(deps, req.body.token);
      // A new session id at sign-in, as for any sign-in (no fixation); never staff (permissions.ts).
      await req.session.regenerate();
      req.session.set('user', user);
      req.session.set('startedAt', deps.clock.now().getTime());
      req.log.info({ security: 'sign-in', userId: user.id, method: 'email-link' }, 'security: signed in');
      return { message: 'Signed in.' };
    },
  );

  app.get('/api/portal/clients', { config: { access: CUSTOMER }, schema: { response: { 200: portalClientsSchema } } }, async (req) => listMyClients(deps, req.auth));

  app.get(
    '/api/portal/clients/:clientId',
    { config: { access: CUSTOMER }, schema: { params: portalClientParamsSchema, response: { 200: portalHubSchema, ...errors } } },
    async (req) => getPortalHub(deps, req.auth, req.params.clientId),
  );

  app.get('/api/portal/clients/:clientId/invoices/:id/pdf', { config: { access: CUSTOMER }, schema: { params: portalDocumentParamsSchema } }, async (req, reply) =>
    sendPdf(reply, await portalInvoicePdf(deps, req.auth, req.params.clientId, req.params.id)),
  );

  app.get('/api/portal/clients/:clientId/visits/:id/sign-off.pdf', { config: { access: CUSTOMER }, schema: { params: portalDocumentParamsSchema } }, async (req, reply) =>
    sendPdf(reply, await portalSignOffPdf(deps, req.auth, req.params.clientId, req.params.id)),
  );

  app.get('/api/portal/clients/:clientId/camera-plans/:id/pdf', { config: { access: CUSTOMER }, schema: { params: portalDocumentParamsSchema } }, async (req, reply) =>
    sendPdf(reply, await portalCameraPlanPdf(deps, req.auth, req.params.clientId, req.params.id)),
  );

  app.post(
    '/api/portal/clients/:clientId/service-requests',
    { config: { access: CUSTOMER }, schema: { params: portalClientParamsSchema, body: serviceRequestSchema, response: { 200: portalMessageSchema, ...errors } } },
    async (req) => requestService(deps, req.auth, req.params.clientId, req.body),
  );

  app.put(
    '/api/portal/clients/:clientId/contact',
    { config: { access: CUSTOMER }, schema: { params: portalClientParamsSchema, body: contactDetailsSchema, response: { 200: contactDetailsResultSchema, ...errors } } },
    async (req) => {
      const result = await updateContactDetails(deps, req.auth, req.params.clientId, req.body);
      // The e-mail they signed in with is no longer a contact: this session shows nothing more.
      if (result.emailChanged) await req.session.destroy();
      return result;
    },
  );

  app.post(
    '/api/admin/messages/:id/job',
    { config: { access: needs('editJobs') }, schema: { params: z.object({ id: z.string().min(1).max(200) }), response: { 200: serviceJobResultSchema, ...errors } } },
    async (req) => openJobFromServiceRequest(deps, req.auth, req.params.id),
  );

  // The public /p/ and /i/ pages ask who is looking: a signed-in customer of the document's client gets "Back to your account" and a prefilled acceptance.
  app.get(
    '/api/portal/viewer/:kind/:token',
    { config: { access: CUSTOMER }, schema: { params: documentViewerParamsSchema, response: { 200: documentViewerSchema, ...errors } } },
    async (req) => documentViewer(deps, req.auth, req.params.kind, req.params.token),
  );
};
