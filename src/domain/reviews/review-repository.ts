import type { Rating, Review, ReviewStatus } from './review.ts';

export interface ReviewListOptions {
  status?: ReviewStatus;
  limit: number;
  cursor?: string;
}

export interface ReviewPage {
  reviews: Review[];
  nextCursor: string | null;
}

export interface ReviewRepository {
  add(review: Review): Promise<Review>;
  get(id: string): Promise<Review | null>;
  save(review: Review): Promise<Review>;
  /** Newest first (published reviews by publication time, the rest by creation time). */
  list(options: ReviewListOptions): Promise<ReviewPage>;
  countByStatus(status: ReviewStatus): Promise<number>;
  /** Published reviews per star rating. */
  publishedDistribution(): Promise<Partial<Record<Rating, number>>>;
}
