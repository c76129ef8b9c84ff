import type { Client } from '../../domain/clients/client.ts';
import { documentClientName, invoiceClientName, jobClientName } from '../../domain/clients/client-names.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import type { DocumentStore, Transaction, UpdatePatch } from '../../domain/persistence/document-store.ts';
import { where } from '../../domain/persistence/query.ts';
import { MONITORING_CONTRACTS, contractClientNamePatch } from './document-contract-repository.ts';
import { INVOICES, invoiceClientNamePatch } from './document-invoice-repository.ts';
import { JOBS, jobClientNamePatch } from './document-job-repository.ts';
import { PROPOSALS, proposalClientNamePatch } from './document-proposal-repository.ts';

/**
 * Jobs, proposals, invoices and monitoring contracts keep a copy of their client's name (lists,
 * search, mail, the technician's dashboard). A rename reaches the copies still in use, in the
 * client's own transaction (docs/clients.md "Renaming a client"): every job; proposals not yet
 * answered; draft invoices; contracts not cancelled. What the customer already holds as a
 * document keeps the name it was made out to: an issued invoice (sent, paid, void, credit notes)
 * and a proposal that was accepted, declined, expired or converted.
 */
interface CopyRule {
  collection: string;
  /** Whether a record in this state follows its client's name. */
  follows: (d: DocumentData) => boolean;
  name: (c: Pick<Client, 'name' | 'company'>) => string;
  patch: (d: StoredDocument<DocumentData>, name: string) => UpdatePatch;
}

const RULES: readonly CopyRule[] = [
  { collection: JOBS, follows: () => true, name: jobClientName, patch: jobClientNamePatch },
  { collection: PROPOSALS, follows: (d) => ['draft', 'sent', 'viewed'].includes(String(d['status'])), name: documentClientName, patch: proposalClientNamePatch },
  { collection: INVOICES, follows: (d) => d['status'] === 'draft', name: invoiceClientName, patch: invoiceClientNamePatch },
  {
    collection: MONITORING_CONTRACTS,
    follows: (d) => d['status'] !== 'cancelled',
    name: documentClientName,
    patch: (d, name) => contractClientNamePatch(d as unknown as Parameters<typeof contractClientNamePatch>[0], name),
  },
];

export interface NameCopy {
  collection: string;
  id: string;
}

/** Whether other records name the client differently after `change`. */
export const renamed = (before: Client, after: Client): boolean => RULES.some((r) => r.name(before) !== r.name(after));

/** Every record of `clientId` that keeps a copy of its name (queried before the transaction, which cannot query). */
export async function nameCopies(store: DocumentStore, clientId: string): Promise<NameCopy[]> {
  const found: NameCopy[] = [];
  for (const rule of RULES) {
    let cursor: string | null = null;
    do {
      const page = await store.collection(rule.collection).query({ where: [where('clientId', '==', clientId)], limit: 500, ...(cursor ? { startAfter: cursor } : {}) });
      for (const d of page.docs) found.push({ collection: rule.collection, id: d.id });
      cursor = page.nextCursor;
    } while (cursor);
  }
  return found;
}

export type ReadCopy = NameCopy & { doc: StoredDocument<DocumentData> };

/** Reads the copies in `tx` (a copy changed meanwhile re-runs the transaction); call before any write. */
export async function readNameCopies(tx: Transaction, copies: readonly NameCopy[]): Promise<ReadCopy[]> {
  const docs = await Promise.all(copies.map(async (c) => ({ ...c, doc: await tx.get(c.collection, c.id) })));
  return docs.filter((c): c is ReadCopy => c.doc !== null);
}

/** Writes the client's new name into each copy that still follows it. */
export function writeNameCopies(tx: Transaction, copies: readonly ReadCopy[], client: Client): void {
  for (const { collection, id, doc } of copies) {
    const rule = RULES.find((r) => r.collection === collection);
    if (!rule || !rule.follows(doc) || doc['clientName'] === rule.name(client)) continue;
    tx.update(collection, id, rule.patch(doc, rule.name(client)));
  }
}
