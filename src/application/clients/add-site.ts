import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { SiteInputParsed, SiteView } from '../../contracts/clients.ts';
import type { ClientDeps } from './client-deps.ts';
import { buildSite, siteChanges } from './client-changes.ts';
import { siteView } from './client-views.ts';

export const MAX_SITES = 50;

export async function addSite(deps: Pick<ClientDeps, 'clients' | 'audit' | 'cipher' | 'clock' | 'ids'>, auth: AuthState, clientId: string, input: SiteInputParsed): Promise<SiteView> {
  const actor = requireAccess(auth, 'editClients');
  const site = buildSite(deps.cipher, clientId, deps.ids.next(), input);
  await deps.clients.update(clientId, (c) => {
    if (c.sites.length >= MAX_SITES) throw new DomainError('conflict', `A client can have at most ${MAX_SITES} sites.`);
    return { ...c, sites: [...c.sites, site] };
  });
  await deps.audit.recordAll([auditEntry(actor, deps.clock.now(), clientId, 'add-site', siteChanges(null, site, site.id))]);
  return siteView(site);
}
