import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { contactResponseSchema } from '../../contracts/contact.ts';
import { SUPPORT_TOPICS, supportRequestSchema } from '../../contracts/support.ts';
import { sendSupportRequest } from '../../application/contact/send-support-request.ts';
import type { SendContactMessageDeps } from '../../application/contact/send-contact-message.ts';

/** The Support page's request form: into the back-office inbox as kind 'support'. */
export const supportRoutes: FastifyPluginAsyncZod<SendContactMessageDeps> = async (app, deps) => {
  app.post(
    '/api/support',
    {
      config: { access: PUBLIC, rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: { body: supportRequestSchema, response: { 201: contactResponseSchema, 400: apiErrorSchema } },
    },
    async (req, reply) => {
      const { website, ...b } = req.body;
      if (website) {
        req.log.warn({ security: 'support honeypot filled', ip: req.ip }, 'security: support honeypot filled');
        return reply.status(201).send({ id: 'received', receivedAt: new Date().toISOString() });
      }
      const topic = SUPPORT_TOPICS.find((t) => t.value === b.topic)?.label ?? b.topic;
      const saved = await sendSupportRequest(deps, { name: b.name, email: b.email, phone: b.phone ?? null, topic, message: b.message });
      req.log.info({ contactMessageId: saved.id }, 'support request received');
      return reply.status(201).send({ id: saved.id, receivedAt: saved.createdAt });
    },
  );
};
