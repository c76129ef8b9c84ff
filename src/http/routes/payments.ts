import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs, PUBLIC, WEBHOOK } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { tokenParamsSchema } from '../../contracts/invoices.ts';
import {
  checkoutBodySchema,
  checkoutResponseSchema,
  paymentStatusQuerySchema,
  paymentStatusSchema,
  refundBodySchema,
  refundParamsSchema,
  refundResponseSchema,
  webhookResponseSchema,
} from '../../contracts/payments.ts';
import type { PaymentDeps } from '../../application/payments/payment-deps.ts';
import { startCheckout } from '../../application/payments/start-checkout.ts';
import { publicPaymentStatus } from '../../application/payments/payment-status.ts';
import { receivePaymentWebhook } from '../../application/payments/receive-payment-webhook.ts';
import { refundOnlinePayment } from '../../application/payments/refund-online-payment.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema };
const PUBLIC_LIMIT = { max: 60, timeWindow: '1 minute' };

/** Online payment (docs/payments.md): Pay on the customer's link, the provider's webhook, refunds. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  app.get(
    '/api/public/invoices/:token/payment',
    { config: { access: PUBLIC, rateLimit: PUBLIC_LIMIT }, schema: { params: tokenParamsSchema, querystring: paymentStatusQuerySchema, response: { 200: paymentStatusSchema, ...errors } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return publicPaymentStatus(deps, req.params.token, req.query.checkout);
    },
  );

  app.post(
    '/api/public/invoices/:token/checkout',
    { config: { access: PUBLIC, rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { params: tokenParamsSchema, body: checkoutBodySchema, response: { 200: checkoutResponseSchema, ...errors } } },
    async (req) => startCheckout(deps, req.params.token, req.body.amount),
  );

  app.post(
    '/api/invoices/:id/payments/:paymentId/refund',
    { config: { access: needs('editInvoices') }, schema: { params: refundParamsSchema, body: refundBodySchema, response: { 200: refundResponseSchema, ...errors } } },
    async (req) => refundOnlinePayment(deps, req.auth, req.params.id, req.params.paymentId, req.body.amount, req.body.reason),
  );

  // The signature is over the exact bytes sent: this scope keeps the JSON body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(
      '/api/payments/stripe/webhook',
      { config: { access: WEBHOOK }, schema: { response: { 200: webhookResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
      async (req) => receivePaymentWebhook(deps, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.headers['stripe-signature'] as string | undefined),
    );
  });
};
