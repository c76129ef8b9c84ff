import { PUBLIC } from '../access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, contactResponseSchema } from '../../contracts/contact.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { sendContactMessage, type SendContactMessageDeps } from '../../application/contact/send-contact-message.ts';

export const contactRoutes: FastifyPluginAsyncZod<SendContactMessageDeps> = async (app, deps) => {
  app.post(
    '/api/contact',
    {
      config: { access: PUBLIC, rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        body: contactRequestSchema,
        response: { 201: contactResponseSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const saved = await sendContactMessage(deps, {
        name: b.name,
        email: b.email,
        phone: b.phone ?? null,
        subject: b.subject,
        message: b.message,
      });
      req.log.info({ contactMessageId: saved.id }, 'contact message received');
      return reply.status(201).send({ id: saved.id, receivedAt: saved.createdAt });
    },
  );
};
