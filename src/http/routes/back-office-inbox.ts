import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY, STAFF, needs } from '../access.ts';
import { backOfficeCountsSchema } from '../../contracts/analytics.ts';
import { inboxListSchema, inboxMessageSchema, inboxQuerySchema, messageStatusChangeSchema, outboxListSchema } from '../../contracts/support.ts';
import type { BackOfficeDeps } from '../../application/admin/back-office-deps.ts';
import { backOfficeCounts } from '../../application/admin/back-office-counts.ts';
import { listOutbox } from '../../application/admin/list-outbox.ts';
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

  app.get('/api/admin/outbox', { config: { access: ADMIN_ONLY }, schema: { response: { 200: outboxListSchema } } }, async (req) => ({
    mails: await listOutbox(deps, req.auth),
  }));
};
