import { useCallback, useState } from 'react';
import { parseSearch as parseWith } from '#lib/search-params.ts';
import { Outlet, createFileRoute, useChildMatches, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientInput, ClientListQueryInput, ClientView } from '#contracts/clients.ts';
import { apiFetch } from '#lib/api.ts';
import { PageHeading } from '#ui/PageHeading.tsx';
import { ClientForm } from '../../features/clients/ClientForm.tsx';
import { ClientTable, type ClientFilters } from '../../features/clients/ClientTable.tsx';
import { ImportDialog } from '../../features/clients/ImportDialog.tsx';
import { useClientPermissions } from '../../features/clients/queries.ts';
import { CLIENTS_KEY } from '#lib/queries/clients.ts';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { Button, buttonStyle } from '#ui/Button.tsx';
import { ErrorNote } from '#ui/FormError.tsx';

// Search params are checked without zod: this part of the route stays in the entry chunk, and
// the contracts module would bring zod with it. Unknown values are dropped.
const KINDS = ['residential', 'commercial'] as const satisfies readonly NonNullable<ClientListQueryInput['kind']>[];
const SOURCES = ['lead', 'referral', 'website', 'phone', 'other'] as const satisfies readonly NonNullable<ClientListQueryInput['source']>[];
const ARCHIVED = ['active', 'archived', 'all'] as const satisfies readonly NonNullable<ClientListQueryInput['archived']>[];
const SORTS = ['name', '-name', 'createdAt', '-createdAt'] as const satisfies readonly NonNullable<ClientListQueryInput['sort']>[];

const validateSearch = (search: Record<string, unknown>) =>
  parseWith<ClientFilters>(search, { q: 200, kind: KINDS, tag: 40, source: SOURCES, archived: ARCHIVED, sort: SORTS });

export const Route = createFileRoute('/admin/clients')({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, location }) => {
    if (location.pathname.replace(/\/$/, '') === '/admin/clients') startScreenData(context.queryClient, () => import('#lib/queries/clients.ts').then((q) => q.prefetchClientList(context.queryClient, deps)));
  },
  component: Screen,
});

function Screen() {
  // /admin/clients/$clientId is a child route: show it instead of the list.
  const children = useChildMatches();
  if (children.length > 0) return <Outlet />;
  return <ClientList />;
}

function ClientList() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/admin/clients' });
  const queryClient = useQueryClient();
  const { canView, canEdit, loading, signedIn } = useClientPermissions();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const onFilters = useCallback((f: ClientFilters) => void navigate({ search: f, replace: true }), [navigate]);

  const heading = <PageHeading title="Client database">Residential and commercial clients, their sites and alarm accounts.</PageHeading>;
  if (loading || !signedIn || !canView)
    return (
      <div>
        {heading}
        {loading ? <p role="status">Loading…</p> : <ErrorNote>{signedIn ? 'You do not have permission to see clients.' : 'Please sign in to see the client database.'}</ErrorNote>}
      </div>
    );

  return (
    <div>
      {heading}
      <div className="mb-4 flex flex-wrap gap-2">
        {canEdit && !creating && <Button onClick={() => setCreating(true)}>New client</Button>}
        {canEdit && (
          <Button variant="secondary" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
        )}
        <a className={buttonStyle('secondary')} href="/api/clients/export.csv" download>
          Export CSV
        </a>
      </div>
      {creating && (
        <div className="mb-8 rounded-lg border border-blue-200 p-4 dark:border-blue-900">
          <h2 className="mb-3 text-xl font-semibold">New client</h2>
          <ClientForm
            submitLabel="Create client"
            onCancel={() => setCreating(false)}
            onSave={async (body: ClientInput) => {
              const created = await apiFetch<ClientView>('/api/clients', { method: 'POST', json: body });
              await queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
              setCreating(false);
              await navigate({ to: '/admin/clients/$clientId', params: { clientId: created.id } });
            }}
          />
        </div>
      )}
      <ClientTable filters={search} onFilters={onFilters} />
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </div>
  );
}
