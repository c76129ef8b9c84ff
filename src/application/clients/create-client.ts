import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientInputParsed, ClientView } from '../../contracts/clients.ts';
import type { ClientDeps } from './client-deps.ts';
import { buildClient, clientChanges } from './client-changes.ts';
import { clientView } from './client-views.ts';

export async function createClient(deps: Pick<ClientDeps, 'clients' | 'audit' | 'cipher' | 'clock' | 'ids'>, auth: AuthState, input: ClientInputParsed): Promise<ClientView> {
  const actor = requireAccess(auth, 'editClients');
  const now = deps.clock.now();
  const client = buildClient({ cipher: deps.cipher, newId: () => deps.ids.next() }, deps.ids.next(), input, now);
  const saved = await deps.clients.create(client);
  await deps.audit.recordAll([auditEntry(actor, now, saved.id, 'create', clientChanges(null, saved))]);
  return clientView(saved);
}
