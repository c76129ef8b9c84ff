import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '#ui/PageHeading.tsx';
import { formatDateTime } from '#ui/dates.ts';
import { PagedCardList } from '#ui/PagedCardList.tsx';
import { StatusFilter } from '#ui/StatusFilter.tsx';
import type { InboxMessage } from '#contracts/support.ts';
import { apiFetch } from '#lib/api.ts';
import { messagesQuery } from '#lib/queries/back-office-inbox.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';

import { MESSAGE_KINDS as KINDS, MESSAGE_STATUS_VALUES as STATUSES, oneOf } from '#contracts/public-site-values.ts';
import { Button } from '#ui/Button.tsx';

export const Route = createFileRoute('/admin/messages')({
  validateSearch: (s: Record<string, unknown>): { status?: (typeof STATUSES)[number]; kind?: (typeof KINDS)[number] } => {
    const status = oneOf(STATUSES, s.status);
    const kind = oneOf(KINDS, s.kind);
    return { ...(status ? { status } : {}), ...(kind ? { kind } : {}) };
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('#lib/queries/back-office-inbox.ts').then((q) => q.prefetchMessages(context.queryClient, deps))),
  component: Screen,
});


function Screen() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const q = useInfiniteQuery(messagesQuery(search.status, search.kind));
  const messages = q.data?.pages.flatMap((p) => p.messages) ?? [];
  return (
    <>
      <PageHeading title="Messages">Contact messages and support requests from the website.</PageHeading>
      <div className="flex flex-wrap gap-4">
        <StatusFilter id="message-status" label="Status" value={search.status} options={STATUSES} onChange={(s) => void navigate({ search: { ...search, status: s } })} />
        <StatusFilter id="message-kind" label="Kind" value={search.kind} options={KINDS} onChange={(k) => void navigate({ search: { ...search, kind: k } })} />
      </div>
      <PagedCardList query={q} items={messages} label="Messages" empty="No messages here.">
        {(m) => <MessageCard key={m.id} message={m} />}
      </PagedCardList>
    </>
  );
}

function MessageCard({ message: m }: { message: InboxMessage }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (status: string) => apiFetch(`/api/admin/messages/${encodeURIComponent(m.id)}`, { method: 'PATCH', json: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  return (
    <li className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900 dark:text-white">{m.subject}</h2>
        <span className="text-sm text-slate-700 dark:text-slate-300">
          {m.kind} · {m.status}
        </span>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {m.name} · <a className="underline" href={`mailto:${m.email}`}>{m.email}</a>
        {m.phone ? ` · ${m.phone}` : ''} · {formatDateTime(m.createdAt)}
      </p>
      <p className="mt-3 whitespace-pre-line text-slate-800 dark:text-slate-200">{m.message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {STATUSES.filter((s) => s !== m.status).map((s) => (
          <Button key={s} variant="secondary" size="sm" disabled={change.isPending} onClick={() => change.mutate(s)}>
            {s === 'new' ? 'Mark unread' : s === 'answered' ? 'Mark answered' : 'Archive'}
          </Button>
        ))}
      </div>
    </li>
  );
}
