import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientView } from '../../contracts/clients.ts';
import type { ClientDeps } from './client-deps.ts';
import { clientView } from './client-views.ts';

/** Archived clients leave the default lists and search but keep their history and records. */
export async function setClientArchived(deps: Pick<ClientDeps, 'clients' | 'audit' | 'clock'>, auth: AuthState, id: string, archived: boolean): Promise<ClientView> {
  const actor = requireAccess(auth, 'editClients');
  const { before, after } = await deps.clients.update(id, (c) => ({ ...c, archived }));
  if (before.archived !== archived) {
    await deps.audit.recordAll([
      auditEntry(actor, deps.clock.now(), id, archived ? 'archive' : 'unarchive', [{ field: 'archived', from: before.archived, to: archived }]),
    ]);
  }
  return clientView(after);
}
