/**
 * Customer reviews and their moderation. A new review waits as 'pending'; staff publish it or
 * reject it for a stated reason. The reason list deliberately has no "rating" entry: a low
 * score is never a reason to hide a review. Only published reviews count in the summary and
 * in the schema.org data.
 */
import { DomainError } from '../shared/domain-error.ts';

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REJECT_REASONS = ['spam', 'abuse', 'off-topic', 'privacy'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];

export interface ReviewInput {
  authorName: string;
  rating: Rating;
  text: string;
  /** One of the quote services, or null for "general". */
  service: string | null;
}

export interface OwnerReply {
  text: string;
  at: string;
}

export interface Review extends ReviewInput {
  id: string;
  status: ReviewStatus;
  reason: RejectReason | null;
  ownerReply: OwnerReply | null;
  verifiedClient: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function newReview(input: ReviewInput, id: string, now: Date): Review {
  if (!RATINGS.includes(input.rating)) throw new DomainError('validation', 'Rating must be 1 to 5 stars.', { rating: ['Choose 1 to 5 stars.'] });
  const at = now.toISOString();
  return { ...input, id, status: 'pending', reason: null, ownerReply: null, verifiedClient: false, publishedAt: null, createdAt: at, updatedAt: at };
}

export function publishReview(review: Review, now: Date): Review {
  if (review.status === 'published') throw new DomainError('conflict', 'This review is already published.');
  const at = now.toISOString();
  return { ...review, status: 'published', reason: null, publishedAt: at, updatedAt: at };
}

export function rejectReview(review: Review, reason: RejectReason, now: Date): Review {
  if (!REJECT_REASONS.includes(reason)) {
    throw new DomainError('validation', `Reject for spam, abuse, off-topic or privacy; never for the rating.`, { reason: ['Choose a reason.'] });
  }
  return { ...review, status: 'rejected', reason, publishedAt: null, updatedAt: now.toISOString() };
}

/** The owner's public answer; an empty text removes it. */
export function replyToReview(review: Review, text: string, now: Date): Review {
  const trimmed = text.trim();
  const at = now.toISOString();
  return { ...review, ownerReply: trimmed === '' ? null : { text: trimmed, at }, updatedAt: at };
}

export type RatingDistribution = Readonly<Record<Rating, number>>;

export interface RatingSummary {
  count: number;
  /** Mean of the ratings, rounded to one decimal; null with no reviews. */
  average: number | null;
  distribution: RatingDistribution;
}

/** Average and distribution from the count of published reviews per star rating. */
export function ratingSummary(distribution: Partial<Record<Rating, number>>): RatingSummary {
  const d: Record<Rating, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let sum = 0;
  for (const r of RATINGS) {
    const n = Math.max(0, Math.trunc(distribution[r] ?? 0));
    d[r] = n;
    count += n;
    sum += n * r;
  }
  return { count, average: count === 0 ? null : Math.round((sum / count) * 10) / 10, distribution: d };
}
