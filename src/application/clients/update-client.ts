import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientPatch, ClientView } from '../../contracts/clients.ts';
import type { ClientDeps } from './client-deps.ts';
import { clientChanges, patchClient } from './client-changes.ts';
import { clientView } from './client-views.ts';

/**
 * Changes the client's own fields (sites have their own use cases); audited field by field. The
 * audit entry is committed with the client (one commit, one fsync: issue 16), never without it.
 */
export async function updateClient(deps: Pick<ClientDeps, 'clients' | 'clock'>, auth: AuthState, id: string, patch: ClientPatch): Promise<ClientView> {
  const actor = requireAccess(auth, 'editClients');
  const { after } = await deps.clients.update(
    id,
    (c) => patchClient(c, patch),
    (before, next) => {
      const changes = clientChanges(before, next);
      return changes.length ? auditEntry(actor, deps.clock.now(), id, 'update', changes) : null;
    },
  );
  return clientView(after);
}
