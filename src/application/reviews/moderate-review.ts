import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ReviewRepository } from '../../domain/reviews/review-repository.ts';
import { publishReview, rejectReview, replyToReview, type RejectReason, type Review } from '../../domain/reviews/review.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

export type ModerationAction = { action: 'publish' } | { action: 'reject'; reason: RejectReason } | { action: 'reply'; text: string };

/** An administrator publishes a review, rejects it for a stated reason, or posts the owner's reply. */
export async function moderateReview(
  deps: { reviews: ReviewRepository; clock: Clock },
  auth: AuthState,
  input: { id: string } & ModerationAction,
): Promise<Review> {
  requireAccess(auth, ADMIN);
  const review = await deps.reviews.get(input.id);
  if (!review) throw new DomainError('not-found', 'No such review.');
  const now = deps.clock.now();
  const next =
    input.action === 'publish'
      ? publishReview(review, now)
      : input.action === 'reject'
        ? rejectReview(review, input.reason, now)
        : replyToReview(review, input.text, now);
  return deps.reviews.save(next);
}
