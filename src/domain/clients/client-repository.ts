import type { NewAuditEntry } from '../audit/audit-entry.ts';
import type { Client, ClientKind, ClientSource } from './client.ts';

export const CLIENT_SORTS = ['name', '-name', 'createdAt', '-createdAt'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const ARCHIVED_FILTERS = ['active', 'archived', 'all'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];

export interface ClientListQuery {
  /** Free text (name, company, e-mail, phone, address); null for a plain list. */
  text: string | null;
  kind: ClientKind | null;
  tag: string | null;
  source: ClientSource | null;
  archived: ArchivedFilter;
  /** Applies to plain lists; a text search lists best matches first (by matched word). */
  sort: ClientSort;
  limit: number;
  cursor: string | null;
}

export interface ClientPage {
  clients: Client[];
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}

/** Where clients live. Every write keeps the search index in step with the client, atomically. */
export interface ClientRepository {
  get(id: string): Promise<Client | null>;
  getMany(ids: readonly string[]): Promise<Client[]>;
  list(query: ClientListQuery): Promise<ClientPage>;
  /** Fails with conflict when the id is taken. */
  create(client: Client): Promise<Client>;
  /**
   * Creates the client and marks the quote request `leadId` converted (convertedClientId = the client),
   * atomically; conflict when the lead was converted meanwhile.
   */
  createForLead(client: Client, leadId: string): Promise<Client>;
  /** All or nothing: either every client is stored or none is. */
  createMany(clients: readonly Client[]): Promise<void>;
  /**
   * Reads the client, applies `change` and writes the result, retrying when someone else wrote
   * the client meanwhile. Fails with not-found when it does not exist. `audit` (when given) names
   * the audit entry of the change, written in the same commit as the client (null: none).
   */
  update(id: string, change: (current: Client) => Client, audit?: (before: Client, after: Client) => NewAuditEntry | null): Promise<{ before: Client; after: Client }>;
  delete(id: string): Promise<void>;
  /** Every client in name order, in batches (CSV export). */
  scan(batchSize: number): AsyncIterable<Client[]>;
}
