import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ClientRelatedResponse } from '../../contracts/clients.ts';
import { requireAccess } from '../shared/require-access.ts';
import { CLIENT_ENTITY } from '../../domain/clients/client-audit.ts';
import type { ClientDeps } from './client-deps.ts';
import { loadClient } from './get-client.ts';

/** Everything the client page shows beside the client: other areas' records and the history. */
export async function getClientRelated(deps: Pick<ClientDeps, 'clients' | 'relations' | 'audit'>, auth: AuthState, clientId: string, limit = 20): Promise<ClientRelatedResponse> {
  requireAccess(auth, 'viewClients');
  await loadClient(deps, clientId);
  const [related, history] = await Promise.all([deps.relations.related(clientId, limit), deps.audit.listFor(CLIENT_ENTITY, clientId, { limit: 100 })]);
  return { ...related, history };
}
