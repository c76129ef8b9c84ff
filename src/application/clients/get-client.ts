import type { AuthState } from '../../domain/auth/permissions.ts';
import { findSite, type Client } from '../../domain/clients/client.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ClientView, SiteView } from '../../contracts/clients.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientDeps } from './client-deps.ts';
import { clientView, siteView } from './client-views.ts';
import { siteNotFound } from './update-site.ts';

export async function loadClient(deps: Pick<ClientDeps, 'clients'>, id: string): Promise<Client> {
  const c = await deps.clients.get(id);
  if (!c) throw new DomainError('not-found', 'That client does not exist (it may have been deleted).');
  return c;
}

/** The client with its sites; alarm passcodes appear only as `hasPasscode`. */
export async function getClient(deps: Pick<ClientDeps, 'clients'>, auth: AuthState, id: string): Promise<ClientView> {
  requireAccess(auth, 'viewClients');
  return clientView(await loadClient(deps, id));
}

/** One site of a client, passcode hidden as in `getClient`. */
export async function getSite(deps: Pick<ClientDeps, 'clients'>, auth: AuthState, clientId: string, siteId: string): Promise<SiteView> {
  requireAccess(auth, 'viewClients');
  const site = findSite(await loadClient(deps, clientId), siteId);
  if (!site) throw siteNotFound();
  return siteView(site);
}
