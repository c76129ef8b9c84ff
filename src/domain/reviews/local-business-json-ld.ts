/**
 * schema.org LocalBusiness data for search engines, with an AggregateRating built from the
 * published reviews only (never pending or rejected ones). Without reviews the rating is left
 * out: an AggregateRating with ratingCount 0 is invalid.
 */
import type { RatingSummary } from './review.ts';

export interface BusinessFacts {
  name: string;
  phone: string;
  email: string;
  url: string;
  areaServed: string;
}

export function localBusinessJsonLd(business: BusinessFacts, summary: RatingSummary): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: business.name,
    telephone: business.phone,
    email: business.email,
    url: business.url,
    areaServed: business.areaServed,
  };
  if (summary.count > 0 && summary.average !== null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}
