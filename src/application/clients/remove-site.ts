import { findSite } from '../../domain/clients/client.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientDeps } from './client-deps.ts';
import { siteChanges } from './client-changes.ts';
import { siteNotFound } from './update-site.ts';

export async function removeSite(deps: Pick<ClientDeps, 'clients' | 'audit' | 'clock'>, auth: AuthState, clientId: string, siteId: string): Promise<void> {
  const actor = requireAccess(auth, 'editClients');
  const { before } = await deps.clients.update(clientId, (c) => {
    if (!findSite(c, siteId)) throw siteNotFound();
    return { ...c, sites: c.sites.filter((s) => s.id !== siteId) };
  });
  await deps.audit.recordAll([auditEntry(actor, deps.clock.now(), clientId, 'remove-site', siteChanges(findSite(before, siteId), null, siteId))]);
}
