import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientPatch, ClientView } from '../../contracts/clients.ts';
import type { ClientDeps } from './client-deps.ts';
import { clientChanges, patchClient } from './client-changes.ts';
import { clientView } from './client-views.ts';

/** Changes the client's own fields (sites have their own use cases); audited field by field. */
export async function updateClient(deps: Pick<ClientDeps, 'clients' | 'audit' | 'clock'>, auth: AuthState, id: string, patch: ClientPatch): Promise<ClientView> {
  const actor = requireAccess(auth, 'editClients');
  const { before, after } = await deps.clients.update(id, (c) => patchClient(c, patch));
  const changes = clientChanges(before, after);
  if (changes.length) await deps.audit.recordAll([auditEntry(actor, deps.clock.now(), id, 'update', changes)]);
  return clientView(after);
}
