import { queryOptions } from '@tanstack/react-query';
import type { PortalHub } from '#contracts/portal.ts';
import { apiFetch } from '#lib/api.ts';

export const PORTAL_KEY = ['portal'] as const;

/** The clients whose contact holds the signed-in person's e-mail (the picker). */
export const portalClientsQuery = queryOptions({
  queryKey: [...PORTAL_KEY, 'clients'],
  queryFn: () => apiFetch<{ email: string; clients: { id: string; name: string; company: string }[] }>('/api/portal/clients'),
});

/** Everything the hub shows for one client. */
export const portalHubQuery = (clientId: string) =>
  queryOptions({
    queryKey: [...PORTAL_KEY, 'hub', clientId],
    queryFn: () => apiFetch<PortalHub>(`/api/portal/clients/${encodeURIComponent(clientId)}`),
  });

export const portalFile = (clientId: string, path: string): string => `/api/portal/clients/${encodeURIComponent(clientId)}/${path}`;
