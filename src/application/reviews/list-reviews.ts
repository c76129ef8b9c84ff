import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ReviewPage, ReviewRepository } from '../../domain/reviews/review-repository.ts';
import type { ReviewStatus } from '../../domain/reviews/review.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

export const STAFF_REVIEWS_PAGE_SIZE = 25;

/** Every review, whatever its status, for the administrator who moderates them. */
export function listReviews(deps: { reviews: ReviewRepository }, auth: AuthState, query: { status?: ReviewStatus; cursor?: string }): Promise<ReviewPage> {
  requireAccess(auth, ADMIN);
  return deps.reviews.list({ limit: STAFF_REVIEWS_PAGE_SIZE, ...query });
}
