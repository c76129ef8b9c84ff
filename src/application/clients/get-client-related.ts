import type { AuthState, Permission } from '../../domain/auth/permissions.ts';
import type { ClientRelatedResponse } from '../../contracts/clients.ts';
import type { RelatedKind, RelatedRecords } from '../../domain/clients/client-relations.ts';
import { mayAccess, requireAccess } from '../shared/require-access.ts';
import { CLIENT_ENTITY } from '../../domain/clients/client-audit.ts';
import type { ClientDeps } from './client-deps.ts';
import { loadClient } from './get-client.ts';

/**
 * What each kind of related record needs beyond viewClients: the permission its own screen
 * asks for (issue 15 finding 14). A kind the viewer may not open is left out of the answer, not
 * sent empty, so the page shows no section rather than a false "none yet".
 */
const KIND_NEEDS: Readonly<Record<RelatedKind, Permission>> = {
  jobs: 'viewJobs',
  proposals: 'viewProposals',
  invoices: 'viewInvoices',
  contracts: 'viewClients',
  visionAnalyses: 'useVisionAi',
};

/** Everything the client page shows beside the client: other areas' records the viewer may see, and the history. */
export async function getClientRelated(deps: Pick<ClientDeps, 'clients' | 'relations' | 'audit'>, auth: AuthState, clientId: string, limit = 20): Promise<ClientRelatedResponse> {
  requireAccess(auth, 'viewClients');
  await loadClient(deps, clientId);
  const [related, history] = await Promise.all([deps.relations.related(clientId, limit), deps.audit.listFor(CLIENT_ENTITY, clientId, { limit: 100 })]);
  const visible: Partial<RelatedRecords> = {};
  for (const kind of Object.keys(KIND_NEEDS) as RelatedKind[]) if (mayAccess(auth, KIND_NEEDS[kind])) visible[kind] = related[kind];
  return { ...visible, history };
}
