import type { Client, Site } from '../../domain/clients/client.ts';
import { primaryEmail, primaryPhone } from '../../domain/clients/client.ts';
import type { DirectoryClient, DirectorySite } from '../../domain/clients/client-directory.ts';
import type { ClientSummary, ClientView, SiteView } from '../../contracts/clients.ts';

/** What leaves the application: never a sealed passcode, only whether there is one. */
export function siteView(s: Site): SiteView {
  const { passcode, ...alarm } = s.alarm;
  return { id: s.id, label: s.label, address: s.address, geo: s.geo ? s.geo.toJSON() : null, alarm: { ...alarm, hasPasscode: passcode !== null } };
}

export function clientView(c: Client): ClientView {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    company: c.company,
    contacts: c.contacts,
    billingAddress: c.billingAddress,
    tags: c.tags,
    notes: c.notes,
    source: c.source,
    archived: c.archived,
    leadId: c.leadId,
    sites: c.sites.map(siteView),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** Who the client is and how to reach them: the part every short view shares. */
const identity = (c: Client) => ({ id: c.id, kind: c.kind, name: c.name, company: c.company, email: primaryEmail(c), phone: primaryPhone(c), archived: c.archived });

export function clientSummary(c: Client): ClientSummary {
  return {
    ...identity(c),
    city: c.billingAddress.city || c.sites[0]?.address.city || '',
    tags: c.tags,
    source: c.source,
    siteCount: c.sites.length,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export const directorySite = (s: Site): DirectorySite => ({
  id: s.id,
  label: s.label,
  address: s.address,
  geo: s.geo,
  centralStation: s.alarm.centralStation,
  accountNumber: s.alarm.accountNumber,
});

export const directoryClient = (c: Client): DirectoryClient => ({
  ...identity(c),
  billingAddress: c.billingAddress,
  sites: c.sites.map(directorySite),
  contacts: c.contacts.map((k) => ({ name: k.name, emails: k.emails })),
});
