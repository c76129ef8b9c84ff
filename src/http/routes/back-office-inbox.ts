import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY, STAFF, needs } from '../access.ts';
import { backOfficeCountsSchema } from '../../contracts/analytics.ts';
import { inboxListSchema, inboxMessageSchema, inboxQuerySchema, messageStatusChangeSchema, outboxListSchema, outboxMailSchema, outboxQuerySchema } from '../../contracts/support.ts';
import type { BackOfficeDeps } from '../../application/admin/back-office-deps.ts';
import { backOfficeCounts } from '../../application/admin/back-office-counts.ts';
import { getOutboxMail, listOutbox } from '../../application/admin/list-outbox.ts';
import { retryOutboxMail } from '../../application/admin/retry-outbox-mail.ts';
import { changeMessageStatus } from '../../application/contact/change-message-status.ts';
import { listMessages } from '../../application/contact/list-messages.ts';

/** Contact and support messages for staff, the outbox, and the admin panel's waiting counts. */
export const backOfficeInboxRoutes: FastifyPluginAsyncZod<BackOfficeDeps> = async (app, deps) => {
  app.get('/api/admin/counts', { config: { access: STAFF }, schema: { response: { 200: backOfficeCountsSchema } } }, (req) => backOfficeCounts(deps, req.auth));

  app.get(
    '/api/admin/messages',
    { config: { access: needs('viewClients') }, schema: { querystring: inboxQuerySchema, response: { 200: inboxListSchema } } },
    async (req) => listMessages(deps, req.auth, req.query),
  );

  app.patch(
    '/api/admin/messages/:id',
    {
      // Changing a message's status is a change to client communication: edit permission.
      config: { access: needs('editClients') },
      schema: { params: z.object({ id: z.string().min(1).max(200) }), body: messageStatusChangeSchema, response: { 200: inboxMessageSchema } },
    },
    async (req) => changeMessageStatus(deps, req.auth, { id: req.params.id, status: req.body.status }),
  );

  app.get('/api/admin/outbox', { config: { access: ADMIN_ONLY }, schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } } }, async (req) =>
    listOutbox(deps, req.auth, req.query),
  );

  const mailId = z.object({ id: z.string().min(1).max(200) });
  app.get('/api/admin/outbox/:id', { config: { access: ADMIN_ONLY }, schema: { params: mailId, response: { 200: outboxMailSchema } } }, async (req) =>
    getOutboxMail(deps, req.auth, req.params.id),
  );

  // Sends a failed mail again now (audited); the answer is the mail as it then stands.
  app.post('/api/admin/outbox/:id/retry', { config: { access: ADMIN_ONLY }, schema: { params: mailId, response: { 200: outboxMailSchema } } }, async (req) =>
    retryOutboxMail(deps, req.auth, req.params.id),
  );
};
