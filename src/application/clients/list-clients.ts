import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ClientListQuery } from '../../domain/clients/client-repository.ts';
import type { ClientListResponse } from '../../contracts/clients.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientDeps } from './client-deps.ts';
import { clientSummary } from './client-views.ts';

/** A page of clients: a plain list (filters + sort) or a prefix search over name, e-mail, phone, address. */
export async function listClients(deps: Pick<ClientDeps, 'clients'>, auth: AuthState, query: ClientListQuery): Promise<ClientListResponse> {
  requireAccess(auth, 'viewClients');
  const page = await deps.clients.list(query);
  return { items: page.clients.map(clientSummary), nextCursor: page.nextCursor };
}
