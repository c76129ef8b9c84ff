import { sessionQuery } from '../auth/session.ts';
import { useQuery } from '@tanstack/react-query';
export { clientRelatedQuery } from '#lib/queries/clients.ts';

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
