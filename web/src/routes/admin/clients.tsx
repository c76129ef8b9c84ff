import { useCallback, useState } from 'react';
import { Outlet, createFileRoute, useChildMatches, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ARCHIVED_FILTER_VALUES, CLIENT_KIND_VALUES, CLIENT_SORT_VALUES, CLIENT_SOURCE_VALUES, type ClientInput, type ClientView } from '../../../../src/contracts/clients.ts';
import { apiFetch } from '../../lib/api.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { ClientForm } from '../../features/clients/ClientForm.tsx';
import { ClientTable, type ClientFilters } from '../../features/clients/ClientTable.tsx';
import { ImportDialog } from '../../features/clients/ImportDialog.tsx';
import { CLIENTS_KEY, useClientPermissions } from '../../features/clients/queries.ts';
import { Button, ErrorNote } from '../../features/clients/ui.tsx';

const searchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  kind: z.enum(CLIENT_KIND_VALUES).optional().catch(undefined),
  tag: z.string().max(40).optional().catch(undefined),
  source: z.enum(CLIENT_SOURCE_VALUES).optional().catch(undefined),
  archived: z.enum(ARCHIVED_FILTER_VALUES).optional().catch(undefined),
  sort: z.enum(CLIENT_SORT_VALUES).optional().catch(undefined),
});

export const Route = createFileRoute('/admin/clients')({
  validateSearch: searchSchema,
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
        <a className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold dark:border-slate-600" href="/api/clients/export.csv" download>
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
