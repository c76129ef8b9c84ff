import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY, PUBLIC } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  rejectReviewSchema,
  replyReviewSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewRequestSchema,
  reviewResponseSchema,
  staffReviewListQuerySchema,
  staffReviewListSchema,
  staffReviewSchema,
  type PublicReview,
  type StaffReview,
} from '../../contracts/reviews.ts';
import type { Rating, Review } from '../../domain/reviews/review.ts';
import { submitReview } from '../../application/reviews/submit-review.ts';
import { moderateReview } from '../../application/reviews/moderate-review.ts';
import { readPublishedReviews } from '../../application/reviews/read-published-reviews.ts';
import { listReviews } from '../../application/reviews/list-reviews.ts';
import type { ReviewDeps } from '../../application/reviews/review-deps.ts';

const toPublic = (r: Review): PublicReview => ({
  id: r.id,
  authorName: r.authorName,
  rating: r.rating,
  text: r.text,
  service: r.service,
  publishedAt: r.publishedAt,
  verifiedClient: r.verifiedClient,
  ownerReply: r.ownerReply,
});

const toStaff = (r: Review): StaffReview => ({ ...toPublic(r), status: r.status, reason: r.reason, createdAt: r.createdAt });

/** Public reviews (read, leave one) and their moderation by an administrator. */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewDeps> = async (app, deps) => {
  app.get(
    '/api/reviews',
    { config: { access: PUBLIC }, schema: { querystring: reviewListQuerySchema, response: { 200: reviewListSchema } } },
    async (req) => {
      const r = await readPublishedReviews(deps, req.query.cursor);
      return { reviews: r.reviews.map(toPublic), nextCursor: r.nextCursor, summary: r.summary, jsonLd: r.jsonLd };
    },
  );

  app.post(
    '/api/reviews',
    {
      config: { access: PUBLIC, rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: { body: reviewRequestSchema, response: { 201: reviewResponseSchema, 400: apiErrorSchema } },
    },
    async (req, reply) => {
      const { website, ...b } = req.body;
      if (website) {
        req.log.warn({ security: 'review honeypot filled', ip: req.ip }, 'security: review honeypot filled');
        return reply.status(201).send({ id: 'received', status: 'pending' as const });
      }
      const saved = await submitReview(deps, { authorName: b.authorName, rating: b.rating as Rating, text: b.text, service: b.service });
      req.log.info({ reviewId: saved.id }, 'review received for moderation');
      return reply.status(201).send({ id: saved.id, status: 'pending' as const });
    },
  );

  app.get(
    '/api/admin/reviews',
    { config: { access: ADMIN_ONLY }, schema: { querystring: staffReviewListQuerySchema, response: { 200: staffReviewListSchema } } },
    async (req) => {
      const page = await listReviews(deps, req.auth, req.query);
      return { reviews: page.reviews.map(toStaff), nextCursor: page.nextCursor };
    },
  );

  const params = z.object({ id: z.string().min(1).max(200) });
  const staffReview = { 200: staffReviewSchema, 400: apiErrorSchema };

  app.post(
    '/api/admin/reviews/:id/publish',
    { config: { access: ADMIN_ONLY }, schema: { params, response: staffReview } },
    async (req) => toStaff(await moderateReview(deps, req.auth, { id: req.params.id, action: 'publish' })),
  );

  app.post(
    '/api/admin/reviews/:id/reject',
    { config: { access: ADMIN_ONLY }, schema: { params, body: rejectReviewSchema, response: staffReview } },
    async (req) => toStaff(await moderateReview(deps, req.auth, { id: req.params.id, action: 'reject', reason: req.body.reason })),
  );

  app.put(
    '/api/admin/reviews/:id/reply',
    { config: { access: ADMIN_ONLY }, schema: { params, body: replyReviewSchema, response: staffReview } },
    async (req) => toStaff(await moderateReview(deps, req.auth, { id: req.params.id, action: 'reply', text: req.body.text })),
  );
};
