import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PageHeading } from '#ui/PageHeading.tsx';
import { PagedCardList } from '#ui/PagedCardList.tsx';
import { StatusFilter } from '#ui/StatusFilter.tsx';
import { messagesQuery } from '#lib/queries/back-office-inbox.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';

import { MESSAGE_KINDS as KINDS, MESSAGE_STATUS_VALUES as STATUSES, oneOf } from '#contracts/public-site-values.ts';
import { MessageCard } from '../../features/inbox/MessageCard.tsx';

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
