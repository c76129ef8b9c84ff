import type { AuthState } from '../../domain/auth/permissions.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import { blankGridContent, validateCameraPlanContent, type CameraPlan } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanRepository } from '../../domain/planner/camera-plan-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';

export interface CreateCameraPlanInput {
  clientId: string;
  siteId: string;
  name: string;
  gridWidthM: number;
  gridHeightM: number;
}

/** A new plan on a blank grid for one of a client's sites. */
export async function createCameraPlan(
  deps: { plans: CameraPlanRepository; clients: Pick<ClientRepository, 'get'> },
  auth: AuthState,
  input: CreateCameraPlanInput,
): Promise<CameraPlan> {
  const author = requireAccess(auth, 'editProposals');
  const client = await deps.clients.get(input.clientId);
  if (!client) throw new DomainError('validation', 'Pick a client.', { clientId: ['There is no such client.'] });
  if (!client.sites.some((s) => s.id === input.siteId)) throw new DomainError('validation', 'Pick one of the client’s sites.', { siteId: ['This client has no such site.'] });
  const content = blankGridContent(input.name, input.gridWidthM, input.gridHeightM);
  validateCameraPlanContent(content);
  return deps.plans.create({ ...content, clientId: input.clientId, siteId: input.siteId, createdBy: author });
}
