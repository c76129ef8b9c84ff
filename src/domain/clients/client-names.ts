import type { Client } from './client.ts';

/**
 * How other records name a client, in one place: the record is made with it, and a rename
 * brings the copies still in use up to date with it (docs/clients.md "Renaming a client").
 */
type Named = Pick<Client, 'name' | 'company'>;

/** Jobs (board, drawer, technician's dashboard, calendar): the company when there is one. */
export const jobClientName = (c: Named): string => c.company || c.name;

/** Proposals and monitoring contracts: "Ada Lovelace (Analytical Engines LLC)". */
export const documentClientName = (c: Named): string => (c.company ? `${c.name} (${c.company})` : c.name);

/** Invoices are billed to the person's name. */
export const invoiceClientName = (c: Named): string => c.name;
