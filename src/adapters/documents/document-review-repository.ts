import type { ReviewListOptions, ReviewPage, ReviewRepository } from '../../domain/reviews/review-repository.ts';
import { RATINGS, type Rating, type Review, type ReviewStatus } from '../../domain/reviews/review.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { where, type Filter } from '../../domain/persistence/query.ts';

type Doc = Omit<Review, 'id' | 'createdAt' | 'updatedAt' | 'ownerReply'> & { ownerReply: { text: string; at: string } | null };

export const REVIEWS = 'reviews';

const toDomain = (d: StoredDocument<Doc>): Review => ({
  id: d.id,
  authorName: d.authorName,
  rating: d.rating,
  text: d.text,
  service: d.service,
  status: d.status,
  reason: d.reason,
  ownerReply: d.ownerReply ? { text: d.ownerReply.text, at: d.ownerReply.at } : null,
  verifiedClient: d.verifiedClient,
  publishedAt: d.publishedAt,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

const toDoc = (r: Review): Doc => ({
  authorName: r.authorName,
  rating: r.rating,
  text: r.text,
  service: r.service,
  status: r.status,
  reason: r.reason,
  ownerReply: r.ownerReply ? { ...r.ownerReply } : null,
  verifiedClient: r.verifiedClient,
  publishedAt: r.publishedAt,
});

/** Reviews on the document store; published ones are listed by publication time. */
export class DocumentReviewRepository implements ReviewRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get reviews() {
    return this.store.collection<Doc>(REVIEWS);
  }

  async add(review: Review): Promise<Review> {
    return toDomain(await this.reviews.create(toDoc(review), review.id));
  }

  async get(id: string): Promise<Review | null> {
    const d = await this.reviews.get(id);
    return d ? toDomain(d) : null;
  }

  async save(review: Review): Promise<Review> {
    const { status, reason, ownerReply, publishedAt, verifiedClient } = toDoc(review);
    return toDomain(await this.reviews.update(review.id, { status, reason, ownerReply, publishedAt, verifiedClient }));
  }

  async list(o: ReviewListOptions): Promise<ReviewPage> {
    const filters: Filter[] = o.status ? [where('status', '==', o.status)] : [];
    const field = o.status === 'published' ? 'publishedAt' : 'createdAt';
    const page = await this.reviews.query({
      where: filters,
      orderBy: [{ field, direction: 'desc' }],
      limit: o.limit,
      ...(o.cursor ? { startAfter: o.cursor } : {}),
    });
    return { reviews: page.docs.map(toDomain), nextCursor: page.nextCursor };
  }

  countByStatus(status: ReviewStatus): Promise<number> {
    return this.reviews.count([where('status', '==', status)]);
  }

  async publishedDistribution(): Promise<Partial<Record<Rating, number>>> {
    const counts = await Promise.all(
      RATINGS.map((r) => this.reviews.count([where('status', '==', 'published'), where('rating', '==', r)])),
    );
    return Object.fromEntries(RATINGS.map((r, i) => [r, counts[i] ?? 0]));
  }
}
