import { createFileRoute } from '@tanstack/react-router';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { OUTBOX_STATUSES } from '#domain/mail/mailer.ts';
import { SentMail, type SentMailSearch, type SentMailSearchPatch } from '../../features/outbox/SentMail.tsx';

const parseSearch = (s: Record<string, unknown>) => parseWith<SentMailSearch>(s, { q: 200, status: OUTBOX_STATUSES, related: 200, mail: 200 });

export const Route = createFileRoute('/admin/outbox')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('#lib/queries/outbox.ts').then((q) => q.prefetchOutboxScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SentMail search={search} onSearch={(next: SentMailSearchPatch) => void navigate({ search: (prev: SentMailSearch) => ({ ...prev, ...next }), replace: true })} />;
}
