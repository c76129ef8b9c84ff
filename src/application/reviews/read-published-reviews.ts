import type { ReviewRepository } from '../../domain/reviews/review-repository.ts';
import { ratingSummary, type RatingSummary, type Review } from '../../domain/reviews/review.ts';
import { localBusinessJsonLd, type BusinessFacts } from '../../domain/reviews/local-business-json-ld.ts';

export const REVIEWS_PAGE_SIZE = 10;

export interface PublishedReviews {
  reviews: Review[];
  nextCursor: string | null;
  summary: RatingSummary;
  jsonLd: Record<string, unknown>;
}

/** One page of published reviews, newest first, with the summary and schema.org data. Access: public. */
export async function readPublishedReviews(deps: { reviews: ReviewRepository; business: BusinessFacts }, cursor?: string): Promise<PublishedReviews> {
  const [page, distribution] = await Promise.all([
    deps.reviews.list({ status: 'published', limit: REVIEWS_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    deps.reviews.publishedDistribution(),
  ]);
  const summary = ratingSummary(distribution);
  return { reviews: page.reviews, nextCursor: page.nextCursor, summary, jsonLd: localBusinessJsonLd(deps.business, summary) };
}
