import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { ADMIN_ONLY, PUBLIC, STAFF, WEBHOOK, needs } from '../access.ts';
import { customerPage, escapeHtml } from '../customer-page.ts';
import { telHref } from '../../domain/shared/phone.ts';
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
import { getCustomerMessages, setCustomerMessages, unsubscribeLinkStatus, unsubscribeWithToken } from '../../application/notifications/customer-preferences.ts';
import { isDomainError } from '../../domain/shared/domain-error.ts';

const id = z.object({ id: z.string().min(1).max(200) });
const keyParam = z.object({ key: templateKeySchema });
/** The longest unsubscribe token: the subject ("email:<address>", 254 characters at most) in base64url and its MAC. */
export const UNSUBSCRIBE_TOKEN_MAX = 600;

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

  // The link in every customer mail. Opening it (GET) only shows the page and its button: mail
  // scanners follow links, and must not unsubscribe anyone. The button, and a mail program's
  // one-click unsubscribe (List-Unsubscribe-Post, RFC 8058: a POST with no cookies or CSRF token,
  // the signed token is the key, hence WEBHOOK access), POST to the same address.
  const token = z.object({ token: z.string().min(1).max(UNSUBSCRIBE_TOKEN_MAX) });
  const unsubscribePage = (reply: FastifyReply, title: string, body: string[]) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(customerPage({ title, company: deps.company.name, stylesheets: app.siteStylesheets ?? [], body: body.join('') }));
  const contactLine = () =>
    `<p class="customer-page-note">Questions? Write to <a href="mailto:${escapeHtml(deps.company.email)}">${escapeHtml(deps.company.email)}</a> or call <a href="${escapeHtml(telHref(deps.company.phone))}">${escapeHtml(deps.company.phone)}</a>.</p>`;
  const button = (action: string, label: string, subscribe: boolean, secondary = false) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="${subscribe ? 'subscribe' : 'List-Unsubscribe'}" value="${subscribe ? '1' : 'One-Click'}"><button type="submit"${secondary ? ' class="customer-page-secondary"' : ''}>${escapeHtml(label)}</button></form>`;
  const invalid = (reply: FastifyReply, err: unknown) => {
    if (!isDomainError(err) || err.code !== 'not-found') throw err;
    reply.status(404);
    return unsubscribePage(reply, 'This link is not valid', [`<p>${escapeHtml(err.message)}</p>`]);
  };

  app.get('/api/public/unsubscribe/:token', { config: { access: PUBLIC }, schema: { params: token } }, async (req, reply) => {
    const action = `/api/public/unsubscribe/${encodeURIComponent(req.params.token)}`;
    try {
      const r = await unsubscribeLinkStatus(deps, req.params.token);
      return r.subscribed
        ? unsubscribePage(reply, `Stop e-mails from ${r.company}?`, [
            `<p>${escapeHtml(r.company)} will no longer send you appointment confirmations, reminders, receipts, review requests or text messages.</p>`,
            button(action, 'Unsubscribe', false),
            `<p class="customer-page-note">Invoices and proposals you ask for still come by e-mail.</p>`,
            contactLine(),
          ])
        : unsubscribePage(reply, 'You are unsubscribed', [
            `<p>${escapeHtml(r.company)} does not send you e-mails or text messages about appointments, jobs, payments or reviews.</p>`,
            button(action, 'Receive our e-mails again', true, true),
            contactLine(),
          ]);
    } catch (err) {
      return invalid(reply, err);
    }
  });

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // A form post (the page's button, RFC 8058's "List-Unsubscribe=One-Click") or multipart (RFC 8058 allows both); only `subscribe` is read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));
    scope.post(
      '/api/public/unsubscribe/:token',
      { config: { access: WEBHOOK }, schema: { params: token, body: z.object({ subscribe: z.enum(['1']).optional(), 'List-Unsubscribe': z.enum(['One-Click']).optional() }).strict().optional() } },
      async (req, reply) => {
        const action = `/api/public/unsubscribe/${encodeURIComponent(req.params.token)}`;
        try {
          const subscribe = req.body?.subscribe === '1';
          const r = await unsubscribeWithToken(deps, req.params.token, subscribe);
          return subscribe
            ? unsubscribePage(reply, 'You will receive our e-mails again', [`<p>Thank you. ${escapeHtml(r.company)} will send you appointment confirmations, receipts and updates again.</p>`, button(action, 'Unsubscribe again', false, true), contactLine()])
            : unsubscribePage(reply, 'You are unsubscribed', [
                `<p>${escapeHtml(r.company)} will no longer send you e-mails or text messages about appointments, jobs, payments or reviews.</p>`,
                `<p class="customer-page-note">Invoices and proposals you ask for still come by e-mail.</p>`,
                button(action, 'Unsubscribed by mistake? Receive our e-mails again', true, true),
                contactLine(),
              ]);
        } catch (err) {
          return invalid(reply, err);
        }
      },
    );
  });
};
