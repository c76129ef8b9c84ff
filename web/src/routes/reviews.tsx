import { createFileRoute } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { PageHeading } from '#ui/PageHeading.tsx';
import { reviewsQuery } from '../features/reviews/queries.ts';
import { Stars } from '../features/reviews/Stars.tsx';
import { Deferred, lazyForm } from '#ui/Deferred.tsx';
import { useHydrated } from '#lib/hydration.ts';
import { JsonLd } from '../features/reviews/JsonLd.tsx';
import type { PublicReview, RatingSummaryDto } from '#contracts/reviews.ts';
import { reviewServiceLabel } from '../features/reviews/service-labels.ts';
import { formatDateLight } from '#ui/dates.ts';
import { parseSearch as parseWith } from '#lib/search-params.ts';

// The form (react-hook-form + zod) loads after the first paint; see ui/Deferred.tsx.
const ReviewForm = lazyForm(() => import('../features/reviews/ReviewForm.tsx').then((m) => m.ReviewForm));

/** `?name=` comes from the review request mail (the customer's name, filled into the form). */
type ReviewsSearch = { name?: string };

export const Route = createFileRoute('/reviews')({
  validateSearch: (s: Record<string, unknown>) => parseWith<ReviewsSearch>(s, { name: 100 }),
  component: Reviews,
});

function Reviews() {
  const { name } = Route.useSearch();
  const q = useInfiniteQuery(reviewsQuery);
  // While hydrating: no reviews yet, as in the prerendered HTML.
  const hydrated = useHydrated();
  const data = hydrated ? q.data : undefined;
  const first = data?.pages[0];
  const reviews = data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <>
      <PageHeading title="Customer reviews">
        Every review is from a real customer and is published whether it is glowing or not — we only remove spam, abuse and private details.
      </PageHeading>
      {first && <JsonLd data={first.jsonLd} />}
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div>
          {first ? <Summary summary={first.summary} /> : <SummaryPlaceholder />}
          {hydrated && q.isError && <p role="alert">Reviews could not be loaded. Please try again later.</p>}
          <h2 className="mt-8 text-xl font-bold text-slate-900 dark:text-white">Newest first</h2>
          {/* Reserves room for the first reviews (phones: the form sits below) so nothing jumps when they arrive. */}
          <div className="min-h-[32rem] lg:min-h-0">
            {first && reviews.length === 0 && <p className="mt-3 text-slate-700 dark:text-slate-300">No reviews yet — be the first.</p>}
            <ul className="mt-4 space-y-4" aria-label="Reviews" aria-busy={!hydrated || q.isPending}>
              {reviews.map((r) => (
                <ReviewItem key={r.id} review={r} />
              ))}
            </ul>
            {hydrated && q.hasNextPage && (
              <button
                type="button"
                onClick={() => void q.fetchNextPage()}
                disabled={q.isFetchingNextPage}
                className="mt-6 rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:text-white dark:hover:bg-slate-900"
              >
                {q.isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
              </button>
            )}
          </div>
        </div>
        <section aria-labelledby="leave-review" className="self-start rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <h2 id="leave-review" className="scroll-mt-24 text-xl font-bold text-slate-900 dark:text-white">
            Leave a review
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-700 dark:text-slate-300">Tell other families what it was like to work with us.</p>
          <Deferred label="Loading the review form" placeholderClass="min-h-[36rem]">
            <ReviewForm name={name ?? ''} />
          </Deferred>
        </section>
      </div>
    </>
  );
}

// Same box for the summary and its placeholder, so the average arriving moves nothing.
const summaryBox = 'flex min-h-[19rem] flex-col gap-6 rounded-xl bg-slate-50 p-5 sm:min-h-[10rem] sm:flex-row sm:items-center dark:bg-slate-900';

function SummaryPlaceholder() {
  return <div aria-hidden className={`${summaryBox} animate-pulse`} data-testid="review-summary-placeholder" />;
}

function Summary({ summary }: { summary: RatingSummaryDto }) {
  return (
    <section aria-labelledby="rating-summary" className={summaryBox}>
      <div>
        <h2 id="rating-summary" className="sr-only">
          Rating summary
        </h2>
        <p className="text-5xl font-bold text-slate-900 dark:text-white" data-testid="review-average">
          {summary.average != null ? summary.average.toFixed(1) : '–'}
        </p>
        <Stars rating={summary.average ?? 0} label={summary.average != null ? `Average ${summary.average.toFixed(1)} out of 5 stars` : 'No ratings yet'} />
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="review-count">
          {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <dl className="flex-1 space-y-1" aria-label="Rating distribution">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const n = summary.distribution[stars];
          const pct = summary.count ? Math.round((n / summary.count) * 100) : 0;
          return (
            <div key={stars} className="flex items-center gap-2 text-sm">
              <dt className="w-14 text-slate-800 dark:text-slate-200">{stars} star</dt>
              <dd className="flex flex-1 items-center gap-2">
                <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
                  <span className="block h-full rounded-full bg-amber-500" style={{ width: `${pct}%` }} />
                </span>
                <span className="w-10 text-right text-slate-800 dark:text-slate-200">{n}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  const service = reviewServiceLabel(review.service);
  return (
    <li className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900 dark:text-white">{review.authorName}</p>
        <Stars rating={review.rating} />
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {review.publishedAt ? formatDateLight(review.publishedAt) : ''}
        {service ? ` · ${service}` : ''}
        {review.verifiedClient && (
          <span className="ml-2 inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-300">
            <BadgeCheck aria-hidden className="h-4 w-4" /> Verified customer
          </span>
        )}
      </p>
      <p className="mt-3 whitespace-pre-line text-slate-800 dark:text-slate-200">{review.text}</p>
      {review.ownerReply && (
        <div className="mt-4 border-l-4 border-blue-700 pl-4 dark:border-blue-400">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">Reply from the owner</p>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-800 dark:text-slate-200">{review.ownerReply.text}</p>
        </div>
      )}
    </li>
  );
}
