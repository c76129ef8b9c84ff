import { findSite } from '../../domain/clients/client.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { SitePatch, SiteView } from '../../contracts/clients.ts';
import type { ClientDeps } from './client-deps.ts';
import { patchSite, siteChanges } from './client-changes.ts';
import { siteView } from './client-views.ts';

export const siteNotFound = () => new DomainError('not-found', 'That site does not exist (it may have been removed).');

export async function updateSite(
  deps: Pick<ClientDeps, 'clients' | 'audit' | 'cipher' | 'clock'>,
  auth: AuthState,
  clientId: string,
  siteId: string,
  patch: SitePatch,
): Promise<SiteView> {
  const actor = requireAccess(auth, 'editClients');
  const { before, after } = await deps.clients.update(clientId, (c) => {
    const site = findSite(c, siteId);
    if (!site) throw siteNotFound();
    return { ...c, sites: c.sites.map((s) => (s.id === siteId ? patchSite(deps.cipher, clientId, s, patch) : s)) };
  });
  const next = findSite(after, siteId)!;
  const changes = siteChanges(findSite(before, siteId), next, siteId);
  if (changes.length) await deps.audit.recordAll([auditEntry(actor, deps.clock.now(), clientId, 'update-site', changes)]);
  return siteView(next);
}
