import { createFileRoute } from '@tanstack/react-router';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { SharedFilesScreen, type SharedFilesSearch, type SharedFilesSearchPatch } from '../../features/shared-files/SharedFilesScreen.tsx';

// Kept as literals: route definitions are in the entry bundle, the contracts are not.
const parseSearch = (s: Record<string, unknown>) => parseWith<SharedFilesSearch>(s, { q: 100, sort: ['created', 'name', 'size'], dir: ['asc', 'desc'] });

/** Shared files (company documents); the /admin layout checks access (SHORTCUTS in menu.ts: staff). */
export const Route = createFileRoute('/admin/files')({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startScreenData(context.queryClient, () => import('../../features/shared-files/queries.ts').then((q) => q.prefetchSharedFilesScreen(context.queryClient, deps))),
  component: Screen,
});

function Screen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SharedFilesScreen
      search={search}
      onSearch={(next: SharedFilesSearchPatch) => void navigate({ search: (prev: SharedFilesSearch) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
