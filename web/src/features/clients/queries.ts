import { sessionQuery } from '../auth/session.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientRelatedResponse } from '#contracts/clients.ts';
import { apiFetch } from '#lib/api.ts';
import { CLIENTS_KEY } from '#lib/queries/clients.ts';

export const clientRelatedQuery = (id: string) =>
  queryOptions({
    queryKey: [...CLIENTS_KEY, 'related', id],
    queryFn: ({ signal }) => apiFetch<ClientRelatedResponse>(`/api/clients/${encodeURIComponent(id)}/related`, { signal }),
  });

/** What the signed-in person may do here; edit controls are hidden without editClients. */
export function useClientPermissions(): { loading: boolean; canView: boolean; canEdit: boolean; signedIn: boolean } {
  const { data, isPending } = useQuery(sessionQuery);
  return {
    loading: isPending,
    signedIn: !!data && data.state !== 'signed-out',
    canView: data?.permissions['viewClients'] === true,
    canEdit: data?.permissions['editClients'] === true,
  };
}
