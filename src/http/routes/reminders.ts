import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  logIdParamsSchema,
  logPageSchema,
  logQuerySchema,
  overviewQuerySchema,
  overviewSchema,
  pauseParamsSchema,
  pauseRequestSchema,
  pauseSchema,
  reminderPolicySchema,
  runResultSchema,
} from '../../contracts/reminders.ts';
import type { ReminderDeps } from '../../application/reminders/reminder-deps.ts';
import { listReminderLog, pauseReminders, reminderOverview, resumeReminders, retryReminder, runRemindersNow, saveReminderPolicy } from '../../application/reminders/manage-reminders.ts';

const VIEW = needs('viewInvoices');
const EDIT = needs('editInvoices');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The payment reminders screen's API (/admin/payment-reminders). */
export const reminderRoutes: FastifyPluginAsyncZod<ReminderDeps> = async (app, deps) => {
  app.get(
    '/api/reminders',
    { config: { access: VIEW }, schema: { querystring: overviewQuerySchema, response: { 200: overviewSchema, ...errors } } },
    async (req) => reminderOverview(deps, req.auth, req.query.days),
  );

  app.put(
    '/api/reminders/policy',
    { config: { access: EDIT }, schema: { body: reminderPolicySchema, response: { 200: reminderPolicySchema, ...errors } } },
    async (req) => saveReminderPolicy(deps, req.auth, req.body),
  );

  app.get(
    '/api/reminders/log',
    { config: { access: VIEW }, schema: { querystring: logQuerySchema, response: { 200: logPageSchema, ...errors } } },
    async (req) =>
      listReminderLog(deps, req.auth, { status: req.query.status ?? null, invoiceId: req.query.invoiceId ?? null, limit: req.query.limit, cursor: req.query.cursor ?? null }),
  );

  app.post(
    '/api/reminders/log/:id/retry',
    { config: { access: EDIT }, schema: { params: logIdParamsSchema, response: { 200: runResultSchema, ...errors } } },
    async (req) => retryReminder(deps, req.auth, req.params.id),
  );

  app.post('/api/reminders/run', { config: { access: EDIT }, schema: { response: { 200: runResultSchema, ...errors } } }, async (req) => runRemindersNow(deps, req.auth));

  app.post(
    '/api/reminders/pauses',
    { config: { access: EDIT }, schema: { body: pauseRequestSchema, response: { 201: pauseSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await pauseReminders(deps, req.auth, req.body.scope, req.body.targetId)),
  );

  app.delete(
    '/api/reminders/pauses/:scope/:targetId',
    { config: { access: EDIT }, schema: { params: pauseParamsSchema, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await resumeReminders(deps, req.auth, req.params.scope, req.params.targetId);
      return reply.status(204).send(null);
    },
  );
};
