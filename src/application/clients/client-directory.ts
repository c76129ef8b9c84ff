import { findSite } from '../../domain/clients/client.ts';
import type { ClientDirectory } from '../../domain/clients/client-directory.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import { directoryClient, directorySite } from './client-views.ts';

/** The ClientDirectory port for other areas, over the client repository. */
export function createClientDirectory(clients: ClientRepository): ClientDirectory {
  return {
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
