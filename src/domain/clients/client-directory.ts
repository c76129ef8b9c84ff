import type { Address, ClientKind } from './client.ts';
import type { GeoPoint } from '../persistence/document-data.ts';

/**
 * The small read port other areas (jobs, proposals, invoices, contracts, vision) use to refer to
 * clients and sites by `clientId` + `siteId`, without the alarm secrets or the client's internals.
 */
export interface DirectorySite {
  id: string;
  label: string;
  address: Address;
  geo: GeoPoint | null;
  centralStation: string;
  accountNumber: string;
}

export interface DirectoryClient {
  id: string;
  kind: ClientKind;
  name: string;
  company: string;
  email: string | null;
  phone: string | null;
  billingAddress: Address;
  archived: boolean;
  sites: DirectorySite[];
  /** The contacts' names and e-mails, so a mail greets the person it goes to (contactNameFor). */
  contacts?: { name: string; emails: string[] }[];
}

export interface ClientDirectory {
  getClient(clientId: string): Promise<DirectoryClient | null>;
  /** Null when the client or the site does not exist. */
  getSite(clientId: string, siteId: string): Promise<{ client: DirectoryClient; site: DirectorySite } | null>;
  /** Active clients matching the text (name, company, e-mail, phone, address), best first. */
  search(text: string, limit?: number): Promise<DirectoryClient[]>;
  /**
   * Something was sold to the client (a proposal accepted, a job completed): the quote request the
   * client was converted from becomes won, if it is still open. Jobs and proposals call it after
   * their own change; optional so their test doubles need not implement it.
   */
  markLeadWon?(clientId: string): Promise<void>;
}
