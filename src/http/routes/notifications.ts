import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY, PUBLIC, STAFF, needs } from '../access.ts';
import {
  customerMessagesInputSchema,
  customerMessagesSchema,
  markReadSchema,
  notificationListSchema,
  templateInputSchema,
  templateKeySchema,
  templatePreviewSchema,
  templateSchema,
} from '../../contracts/notifications.ts';
import type { NotificationDeps } from '../../application/notifications/notification-deps.ts';
import { listNotifications, markNotificationsRead } from '../../application/notifications/office-notifications.ts';
import { listTemplates, previewTemplate, resetTemplate, saveTemplate } from '../../application/notifications/notification-templates.ts';
import { getCustomerMessages, setCustomerMessages, unsubscribeWithToken } from '../../application/notifications/customer-preferences.ts';
import { isDomainError } from '../../domain/shared/domain-error.ts';

const id = z.object({ id: z.string().min(1).max(200) });
const keyParam = z.object({ key: templateKeySchema });
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page the customer reads after following the link in a mail (no SPA, no sign-in). */
const page = (title: string, lines: string[]) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${escape(title)}</h1>${lines.join('')}</body></html>`;

/** The office's notifications, the customer message templates and opt-outs, the unsubscribe link. */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationDeps> = async (app, deps) => {
  app.get('/api/notifications', { config: { access: STAFF }, schema: { response: { 200: notificationListSchema } } }, (req) => listNotifications(deps, req.auth));

  app.post('/api/notifications/read', { config: { access: STAFF }, schema: { body: markReadSchema, response: { 200: notificationListSchema } } }, (req) =>
    markNotificationsRead(deps, req.auth, req.body),
  );

  app.get('/api/admin/notification-templates', { config: { access: ADMIN_ONLY }, schema: { response: { 200: z.array(templateSchema) } } }, (req) => listTemplates(deps, req.auth));

  app.put('/api/admin/notification-templates/:key', { config: { access: ADMIN_ONLY }, schema: { params: keyParam, body: templateInputSchema, response: { 200: templateSchema } } }, (req) =>
    saveTemplate(deps, req.auth, req.params.key, { subject: req.body.subject, body: req.body.body, sms: req.body.sms ?? null }),
  );

  app.delete('/api/admin/notification-templates/:key', { config: { access: ADMIN_ONLY }, schema: { params: keyParam, response: { 200: templateSchema } } }, (req) =>
    resetTemplate(deps, req.auth, req.params.key),
  );

  app.post('/api/admin/notification-templates/:key/preview', { config: { access: ADMIN_ONLY }, schema: { params: keyParam, body: templateInputSchema, response: { 200: templatePreviewSchema } } }, (req) =>
    previewTemplate(deps, req.auth, req.params.key, { subject: req.body.subject, body: req.body.body, sms: req.body.sms ?? null }),
  );

  app.get('/api/clients/:id/customer-messages', { config: { access: needs('viewClients') }, schema: { params: id, response: { 200: customerMessagesSchema } } }, (req) =>
    getCustomerMessages(deps, req.auth, req.params.id),
  );

  app.put('/api/clients/:id/customer-messages', { config: { access: needs('editClients') }, schema: { params: id, body: customerMessagesInputSchema, response: { 200: customerMessagesSchema } } }, (req) =>
    setCustomerMessages(deps, req.auth, req.params.id, req.body.optedOut),
  );

  // The link in every customer mail: opening it unsubscribes (idempotent); the page offers the way back.
  app.get(
    '/api/public/unsubscribe/:token',
    { config: { access: PUBLIC }, schema: { params: z.object({ token: z.string().min(1).max(600) }), querystring: z.object({ subscribe: z.enum(['1']).optional() }) } },
    async (req, reply) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      try {
        const subscribe = req.query.subscribe === '1';
        const r = await unsubscribeWithToken(deps, req.params.token, subscribe);
        const again = `${deps.baseUrl}/api/public/unsubscribe/${encodeURIComponent(req.params.token)}`;
        return subscribe
          ? page('You will receive our e-mails again', [`<p>Thank you. ${escape(r.company)} will send you appointment confirmations, receipts and updates again.</p>`, `<p><a href="${escape(again)}">Unsubscribe again</a></p>`])
          : page('You are unsubscribed', [
              `<p>${escape(r.company)} will no longer send you e-mails or text messages about appointments, jobs, payments or reviews.</p>`,
              `<p>Invoices and proposals you ask for still come by e-mail. Questions? Write to <a href="mailto:${escape(deps.company.email)}">${escape(deps.company.email)}</a> or call ${escape(deps.company.phone)}.</p>`,
              `<p><a href="${escape(again)}?subscribe=1">Unsubscribed by mistake? Receive our e-mails again</a></p>`,
            ]);
      } catch (err) {
        if (!isDomainError(err) || err.code !== 'not-found') throw err;
        reply.status(404);
        return page('This link is not valid', [`<p>${escape(err.message)}</p>`]);
      }
    },
  );
};
