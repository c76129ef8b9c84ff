import type { ReviewRepository } from '../../domain/reviews/review-repository.ts';
import { newReview, type Review, type ReviewInput } from '../../domain/reviews/review.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';

/** A visitor's review waits as 'pending' until staff publish it. Access: public (the website's review form). */
export function submitReview(deps: { reviews: ReviewRepository; clock: Clock; ids: IdGenerator }, input: ReviewInput): Promise<Review> {
  return deps.reviews.add(newReview(input, deps.ids.next(), deps.clock.now()));
}
