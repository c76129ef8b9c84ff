import { findSite } from '../../domain/clients/client.ts';
import type { ClientDirectory } from '../../domain/clients/client-directory.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import { markLeadWon } from '../../domain/quotes/quote-request.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { directoryClient, directorySite } from './client-views.ts';

/** The ClientDirectory port for other areas, over the client repository (and the leads, to mark one won). */
export function createClientDirectory(clients: ClientRepository, leadOutcomes?: { leads: QuoteRequestRepository; clock: Clock }): ClientDirectory {
  return {
    async markLeadWon(clientId) {
      const c = leadOutcomes ? await clients.get(clientId) : null;
      const lead = c?.leadId ? await leadOutcomes!.leads.get(c.leadId) : null;
      const won = lead ? markLeadWon(lead, leadOutcomes!.clock.now()) : null;
      if (won) await leadOutcomes!.leads.save(won);
    },
    async getClient(clientId) {
      const c = await clients.get(clientId);
      return c ? directoryClient(c) : null;
    },
    async getSite(clientId, siteId) {
      const c = await clients.get(clientId);
      const site = c ? findSite(c, siteId) : null;
      return c && site ? { client: directoryClient(c), site: directorySite(site) } : null;
    },
    async search(text, limit = 10) {
      const page = await clients.list({ text, kind: null, tag: null, source: null, archived: 'active', sort: 'name', limit, cursor: null });
      return page.clients.map(directoryClient);
    },
  };
}
