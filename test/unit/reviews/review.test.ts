import { describe, expect, it } from 'vitest';
import { newReview, publishReview, ratingSummary, rejectReview, replyToReview, type RejectReason } from '../../../src/domain/reviews/review.ts';
import { localBusinessJsonLd } from '../../../src/domain/reviews/local-business-json-ld.ts';

const NOW = new Date('2026-04-01T12:00:00Z');
const aReview = () => newReview({ authorName: 'Sam', rating: 2, text: 'Late but tidy.', service: null }, 'r1', NOW);
const BUSINESS = { name: 'Shieldline', phone: '555', email: 'a@b.example', url: 'https://b.example', areaServed: 'Springfield' };

describe('reviews', () => {
  it('a new review is pending; publishing stamps publishedAt; rejecting keeps the reason', () => {
    const r = aReview();
    expect(r.status).toBe('pending');
    expect(publishReview(r, NOW)).toMatchObject({ status: 'published', publishedAt: NOW.toISOString() });
    expect(rejectReview(r, 'spam', NOW)).toMatchObject({ status: 'rejected', reason: 'spam', publishedAt: null });
  });

  it('never rejects for the rating: only spam, abuse, off-topic or privacy', () => {
    expect(() => rejectReview(aReview(), 'rating' as RejectReason, NOW)).toThrow(/never for the rating/);
    expect(() => rejectReview(aReview(), 'low-score' as RejectReason, NOW)).toThrow();
  });

  it('an owner reply is trimmed; an empty one removes it', () => {
    const replied = replyToReview(aReview(), '  Thank you!  ', NOW);
    expect(replied.ownerReply).toEqual({ text: 'Thank you!', at: NOW.toISOString() });
    expect(replyToReview(replied, '   ', NOW).ownerReply).toBeNull();
  });

  it('average (one decimal) and distribution from counts per rating', () => {
    expect(ratingSummary({ 5: 2, 4: 1 })).toEqual({ count: 3, average: 4.7, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } });
    expect(ratingSummary({})).toEqual({ count: 0, average: null, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  it('LocalBusiness JSON-LD carries an AggregateRating only when there are published reviews', () => {
    expect(localBusinessJsonLd(BUSINESS, ratingSummary({}))).not.toHaveProperty('aggregateRating');
    expect(localBusinessJsonLd(BUSINESS, ratingSummary({ 3: 1, 5: 1 }))).toMatchObject({
      '@type': 'LocalBusiness',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
  });
});
