import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY, STAFF, needs } from '../access.ts';
import { backOfficeCountsSchema } from '../../contracts/analytics.ts';
import { inboxListSchema, inboxMessageSchema, inboxQuerySchema, messageStatusChangeSchema, outboxListSchema } from '../../contracts/support.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import type { ReviewRepository } from '../../domain/reviews/review-repository.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import type { MailOutbox } from '../../domain/mail/mailer.ts';
import { backOfficeCounts } from '../../application/admin/back-office-counts.ts';
import { changeMessageStatus } from '../../application/contact/change-message-status.ts';

export interface BackOfficeInboxDeps {
  contactMessages: ContactMessageRepository;
  leads: QuoteRequestRepository;
  reviews: ReviewRepository;
  outbox: MailOutbox;
  clock: Clock;
}

const PAGE_SIZE = 25;

/** Contact and support messages for staff, the outbox, and the admin panel's waiting counts. */
export const backOfficeInboxRoutes: FastifyPluginAsyncZod<BackOfficeInboxDeps> = async (app, deps) => {
  app.get('/api/admin/counts', { config: { access: STAFF }, schema: { response: { 200: backOfficeCountsSchema } } }, () => backOfficeCounts(deps));

  app.get(
    '/api/admin/messages',
    { config: { access: needs('viewClients') }, schema: { querystring: inboxQuerySchema, response: { 200: inboxListSchema } } },
    async (req) => deps.contactMessages.page({ limit: PAGE_SIZE, ...req.query }),
  );

  app.patch(
    '/api/admin/messages/:id',
    {
      // Changing a message's status is a change to client communication: edit permission.
      config: { access: needs('editClients') },
      schema: { params: z.object({ id: z.string().min(1).max(200) }), body: messageStatusChangeSchema, response: { 200: inboxMessageSchema } },
    },
    async (req) => changeMessageStatus(deps, req.params.id, req.body.status),
  );

  app.get('/api/admin/outbox', { config: { access: ADMIN_ONLY }, schema: { response: { 200: outboxListSchema } } }, async () => ({
    mails: await deps.outbox.list(50),
  }));
};
