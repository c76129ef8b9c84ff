import { useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '#ui/PageHeading.tsx';
import { formatDate } from '#ui/dates.ts';
import { PagedCardList } from '#ui/PagedCardList.tsx';
import { StatusFilter } from '#ui/StatusFilter.tsx';
import { Stars } from '../../features/reviews/Stars.tsx';
import { REJECT_REASON_LABELS, REJECT_REASON_OPTIONS, REVIEW_STATUS_LABELS, type StaffReview } from '#contracts/reviews.ts';
import { Field } from '#ui/Field.tsx';
import { apiFetch, ApiRequestError } from '#lib/api.ts';
import { DEFAULT_REVIEW_STATUS, staffReviewsQuery } from '#lib/queries/back-office-inbox.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';

import { REVIEW_STATUS_VALUES as STATUSES, oneOf } from '#contracts/public-site-values.ts';
import { Button } from '#ui/Button.tsx';

export const Route = createFileRoute('/admin/reviews')({
  validateSearch: (s: Record<string, unknown>): { status?: (typeof STATUSES)[number] } => {
    const status = oneOf(STATUSES, s.status);
    return status ? { status } : {};
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('#lib/queries/back-office-inbox.ts').then((q) => q.prefetchReviews(context.queryClient, deps))),
  component: Screen,
});


function Screen() {
  const { status = DEFAULT_REVIEW_STATUS } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const q = useInfiniteQuery(staffReviewsQuery(status));
  const reviews = q.data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <>
      <PageHeading title="Review moderation">Publish genuine reviews — good or bad. Reject only spam, abuse, off-topic posts or private details.</PageHeading>
      <StatusFilter id="review-status" label="Show" value={status} options={STATUSES} labels={REVIEW_STATUS_LABELS} onChange={(s) => void navigate({ search: { status: s } })} />
      <PagedCardList query={q} items={reviews} label="Reviews" empty="Nothing to show.">
        {(r) => <ModerationCard key={r.id} review={r} />}
      </PagedCardList>
    </>
  );
}

function ModerationCard({ review: r }: { review: StaffReview }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [reply, setReply] = useState(r.ownerReply?.text ?? '');
  const act = useMutation({
    mutationFn: (a: { path: string; method: 'POST' | 'PUT'; json?: unknown }) =>
      apiFetch(`/api/admin/reviews/${encodeURIComponent(r.id)}/${a.path}`, { method: a.method, ...(a.json ? { json: a.json } : {}) }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['admin'] }), client.invalidateQueries({ queryKey: ['reviews'] })]),
  });
  const idBase = `review-${r.id}`;
  // The server's message for the reply, shown at the box (e.g. too long).
  const replyError = act.error instanceof ApiRequestError ? act.error.fields['text']?.join(' ') : undefined;
  return (
    <li className="rounded-xl border border-slate-200 p-5 dark:border-slate-800" aria-label={`Review by ${r.authorName}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900 dark:text-white">{r.authorName}</h2>
        <Stars rating={r.rating} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {formatDate(r.createdAt)} · {REVIEW_STATUS_LABELS[r.status]}
        {r.reason ? ` (${REJECT_REASON_LABELS[r.reason]})` : ''}
      </p>
      <p className="mt-3 whitespace-pre-line text-slate-800 dark:text-slate-200">{r.text}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        {r.status !== 'published' && (
          <Button variant="secondary" size="sm" disabled={act.isPending} onClick={() => act.mutate({ path: 'publish', method: 'POST' })}>
            Publish
          </Button>
        )}
        {r.status !== 'rejected' && (
          <>
            <label htmlFor={`${idBase}-reason`} className="text-sm text-slate-800 dark:text-slate-200">
              Reject reason
              <select
                id={`${idBase}-reason`}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className="ml-2 rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
              >
                <option value="">Choose…</option>
                {REJECT_REASON_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <Button
 variant="secondary" size="sm"
              disabled={act.isPending || reason === ''}
              onClick={() => act.mutate({ path: 'reject', method: 'POST', json: { reason } })}
            >
              Reject
            </Button>
          </>
        )}
      </div>
      <div className="mt-4">
        <Field label="Owner reply (shown under the review)" id={`${idBase}-reply`} error={replyError}>
          <textarea id={`${idBase}-reply`} rows={2} value={reply} onChange={(e) => setReply(e.target.value)} />
        </Field>
        <div className="mt-2 flex items-center gap-3">
          <Button variant="secondary" size="sm" disabled={act.isPending} onClick={() => act.mutate({ path: 'reply', method: 'PUT', json: { text: reply } })}>
            Save reply
          </Button>
          {act.isSuccess && act.variables.path === 'reply' && (
            <span role="status" className="text-sm text-green-800 dark:text-green-300">
              Reply saved.
            </span>
          )}
        </div>
        {r.ownerReply && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Last saved {formatDate(r.ownerReply.at)}</p>}
      </div>
      {act.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {act.error instanceof ApiRequestError ? act.error.message : 'Something went wrong.'}
        </p>
      )}
    </li>
  );
}
