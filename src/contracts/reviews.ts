import { z } from 'zod';
import { text } from './text.ts';

import { QUOTE_SERVICE_OPTIONS } from './quotes.ts';
import { QUOTE_SERVICES, REVIEW_STATUS_VALUES } from './public-site-values.ts';

export const REVIEW_SERVICE_OPTIONS = QUOTE_SERVICE_OPTIONS;
const SERVICES = QUOTE_SERVICES;

export const REJECT_REASON_OPTIONS = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'abuse', label: 'Abusive or offensive' },
  { value: 'off-topic', label: 'Not about our work' },
  { value: 'privacy', label: 'Shares private details' },
] as const;
const REASONS = ['spam', 'abuse', 'off-topic', 'privacy'] as const;
export const REJECT_REASON_LABELS: Record<(typeof REASONS)[number], string> = Object.fromEntries(REJECT_REASON_OPTIONS.map((o) => [o.value, o.label])) as Record<(typeof REASONS)[number], string>;
export const REVIEW_STATUS_LABELS = { pending: 'Waiting for review', published: 'Published', rejected: 'Rejected' } as const;

/** Leave a review: shared by POST /api/reviews and the review form. */
export const reviewRequestSchema = z
  .object({
    authorName: text('Please enter your name.').trim().min(2, 'Please enter your name.').max(80, 'Name is too long (80 characters at most).'),
    rating: z.coerce
      .number({ error: 'Choose 1 to 5 stars.' })
      .int('Choose 1 to 5 stars.')
      .min(1, 'Choose 1 to 5 stars.')
      .max(5, 'Choose 1 to 5 stars.'),
    text: text('Please write your review.').trim().min(10, 'Please write at least 10 characters.').max(2000, 'Review is too long (2000 characters at most).'),
    // null too: the form sends what this schema gave it, and "General" ('') comes out as null.
    service: z
      .union([z.enum(SERVICES), z.literal(''), z.null()], { error: 'Choose from the listed services.' })
      .optional()
      .transform((v) => (v ? v : null)),
    website: z.string().max(500).optional(),
  })
  .strict();
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

export const publicReviewSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  service: z.string().nullable(),
  publishedAt: z.string().nullable(),
  verifiedClient: z.boolean(),
  ownerReply: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const ratingSummarySchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  distribution: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
});
export type RatingSummaryDto = z.infer<typeof ratingSummarySchema>;

export const reviewListQuerySchema = z.object({ cursor: z.string().max(2000).optional() });

export const reviewListSchema = z.object({
  reviews: z.array(publicReviewSchema),
  nextCursor: z.string().nullable(),
  summary: ratingSummarySchema,
  /** schema.org LocalBusiness + AggregateRating from published reviews only. */
  jsonLd: z.record(z.string(), z.unknown()),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const reviewResponseSchema = z.object({ id: z.string(), status: z.literal('pending') });

export const staffReviewSchema = publicReviewSchema.extend({
  status: z.enum(REVIEW_STATUS_VALUES),
  reason: z.enum(REASONS).nullable(),
  createdAt: z.string(),
});
export type StaffReview = z.infer<typeof staffReviewSchema>;

export const staffReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUS_VALUES).optional(),
  cursor: z.string().max(2000).optional(),
});
export const staffReviewListSchema = z.object({ reviews: z.array(staffReviewSchema), nextCursor: z.string().nullable() });
export type StaffReviewList = z.infer<typeof staffReviewListSchema>;

export const rejectReviewSchema = z.object({ reason: z.enum(REASONS, { error: 'Choose spam, abuse, off-topic or privacy.' }) }).strict();
export const replyReviewSchema = z.object({ text: z.string().trim().max(2000, 'Reply is too long (2000 characters at most).') }).strict();
