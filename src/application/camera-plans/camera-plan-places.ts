import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import type { CameraPlan } from '../../domain/planner/camera-plan.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface CameraPlanPlace {
  clientName: string | null;
  siteLabel: string | null;
}

/** Where each plan is, as people name it (client and site), by plan id; a removed client or site gives nulls. */
export async function cameraPlanPlaces(
  deps: { clients: Pick<ClientRepository, 'getMany'> },
  auth: AuthState,
  plans: readonly CameraPlan[],
): Promise<Map<string, CameraPlanPlace>> {
  requireAccess(auth, 'viewProposals');
  const clients = new Map((await deps.clients.getMany([...new Set(plans.map((p) => p.clientId))])).map((c) => [c.id, c]));
  return new Map(
    plans.map((p) => {
      const client = clients.get(p.clientId);
      return [p.id, { clientName: client?.name ?? null, siteLabel: client?.sites.find((s) => s.id === p.siteId)?.label ?? null }];
    }),
  );
}
