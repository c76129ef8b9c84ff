import { Link, createFileRoute } from '@tanstack/react-router';
import { ClientDetail } from '../../features/clients/ClientDetail.tsx';
import { useClientPermissions } from '../../features/clients/queries.ts';
import { ErrorNote } from '#ui/FormError.tsx';
import { startScreenData } from '#lib/queries/prefetch.ts';
import { CustomerMessagesSwitch } from '../../features/notifications/CustomerMessagesSwitch.tsx';

export const Route = createFileRoute('/admin/clients/$clientId')({
  loader: ({ context, params }) => startScreenData(context.queryClient, () => import('#lib/queries/clients.ts').then((q) => q.prefetchClient(context.queryClient, params.clientId))),
  component: Screen,
});

function Screen() {
  const { clientId } = Route.useParams();
  const { canView, loading } = useClientPermissions();
  if (loading) return <p role="status">Loading…</p>;
  return (
    <div>
      <Link to="/admin/clients" className="text-sm text-blue-700 hover:underline dark:text-blue-400">
        ← All clients
      </Link>
      {canView ? <ClientDetail key={clientId} clientId={clientId} /> : <ErrorNote>You do not have permission to see clients.</ErrorNote>}
      {canView && <CustomerMessagesSwitch key={`messages-${clientId}`} clientId={clientId} />}
    </div>
  );
}
