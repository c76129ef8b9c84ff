import type { ReviewRepository } from '../../domain/reviews/review-repository.ts';
import { publishReview, rejectReview, replyToReview, type RejectReason, type Review } from '../../domain/reviews/review.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

export type ModerationAction = { action: 'publish' } | { action: 'reject'; reason: RejectReason } | { action: 'reply'; text: string };

/** Staff publish a review, reject it for a stated reason, or post the owner's reply. */
export async function moderateReview(deps: { reviews: ReviewRepository; clock: Clock }, id: string, a: ModerationAction): Promise<Review> {
  const review = await deps.reviews.get(id);
  if (!review) throw new DomainError('not-found', 'No such review.');
  const now = deps.clock.now();
  const next =
    a.action === 'publish' ? publishReview(review, now) : a.action === 'reject' ? rejectReview(review, a.reason, now) : replyToReview(review, a.text, now);
  return deps.reviews.save(next);
}
