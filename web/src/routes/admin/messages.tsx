import { useEffect } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PageHeading } from '#ui/PageHeading.tsx';
import { PagedCardList } from '#ui/PagedCardList.tsx';
import { StatusFilter } from '#ui/StatusFilter.tsx';
import { messagesQuery } from '#lib/queries/back-office-inbox.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';

import { MESSAGE_KIND_LABELS, MESSAGE_KINDS as KINDS, MESSAGE_STATUS_VALUES as STATUSES, oneOf } from '#contracts/public-site-values.ts';
import { MessageCard } from '../../features/inbox/MessageCard.tsx';

/** `?message=<id>`: the message a notification or an office mail links to (recordHref('message', id)), scrolled to and highlighted. */
type MessagesSearch = { status?: (typeof STATUSES)[number]; kind?: (typeof KINDS)[number]; message?: string };

export const Route = createFileRoute('/admin/messages')({
  validateSearch: (s: Record<string, unknown>): MessagesSearch => {
    const status = oneOf(STATUSES, s.status);
    const kind = oneOf(KINDS, s.kind);
    const message = typeof s.message === 'string' && s.message !== '' && s.message.length <= 200 ? s.message : undefined;
    return { ...(status ? { status } : {}), ...(kind ? { kind } : {}), ...(message ? { message } : {}) };
  },
  loaderDeps: ({ search }) => ({ status: search.status, kind: search.kind }),
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('#lib/queries/back-office-inbox.ts').then((q) => q.prefetchMessages(context.queryClient, deps))),
  component: Screen,
});

/** Pages fetched looking for the linked message before saying it is not in the list. */
const LINKED_PAGES = 10;

function Screen() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const q = useInfiniteQuery(messagesQuery(search.status, search.kind));
  const messages = q.data?.pages.flatMap((p) => p.messages) ?? [];
  const linked = search.message;
  const found = linked !== undefined && messages.some((m) => m.id === linked);
  const pages = q.data?.pages.length ?? 0;
  const looking = linked !== undefined && !found && q.hasNextPage && pages < LINKED_PAGES;
  useEffect(() => {
    if (looking && !q.isFetchingNextPage) void q.fetchNextPage();
  }, [looking, q]);
  const missing = linked !== undefined && q.data !== undefined && !found && !looking;
  return (
    <>
      <PageHeading title="Messages">Contact messages and support requests from the website.</PageHeading>
      <div className="flex flex-wrap gap-4">
        <StatusFilter id="message-status" label="Status" value={search.status} options={STATUSES} onChange={(s) => void navigate({ search: { ...search, status: s } })} />
        <StatusFilter id="message-kind" label="Kind" value={search.kind} options={KINDS} labels={MESSAGE_KIND_LABELS} onChange={(k) => void navigate({ search: { ...search, kind: k } })} />
      </div>
      {missing && (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          The message you followed a link to is not in this list.{' '}
          {(search.status || search.kind) && (
            <button type="button" className="font-semibold underline" onClick={() => void navigate({ search: { message: linked } })}>
              Show all messages
            </button>
          )}
        </p>
      )}
      <PagedCardList query={q} items={messages} label="Messages" empty="No messages here.">
        {(m) => <MessageCard key={m.id} message={m} linked={m.id === linked} />}
      </PagedCardList>
    </>
  );
}
