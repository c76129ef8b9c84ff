import type { Client } from '../../domain/clients/client.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ClientView } from '../../contracts/clients.ts';
import type { ClientDeps } from './client-deps.ts';
import { clientView } from './client-views.ts';

export async function loadClient(deps: Pick<ClientDeps, 'clients'>, id: string): Promise<Client> {
  const c = await deps.clients.get(id);
  if (!c) throw new DomainError('not-found', 'That client does not exist (it may have been deleted).');
  return c;
}

/** The client with its sites; alarm passcodes appear only as `hasPasscode`. */
export async function getClient(deps: Pick<ClientDeps, 'clients'>, id: string): Promise<ClientView> {
  return clientView(await loadClient(deps, id));
}
