/**
 * What other areas hold about a client. The collections belong to other features (jobs,
 * proposals, invoices, monitoring contracts, vision analyses); this port reads them loosely,
 * so a client page works before those features exist and whatever shape they settle on.
 */
export interface RelatedRecord {
  id: string;
  /** JOB-0001, INV-2026-0001 … when the record has one. */
  number: string | null;
  status: string | null;
  title: string | null;
  siteId: string | null;
  date: string;
  /** What the record totals and what is still owed (cents), when it keeps them (invoices); else null. */
  totalCents: number | null;
  balanceCents: number | null;
}

export const RELATED_KINDS = ['jobs', 'proposals', 'invoices', 'contracts', 'visionAnalyses'] as const;
export type RelatedKind = (typeof RELATED_KINDS)[number];
export type RelatedRecords = Record<RelatedKind, RelatedRecord[]>;

export interface ClientRelations {
  /** Records that make deleting the client unsafe. */
  countBlocking(clientId: string): Promise<{ jobs: number; invoices: number }>;
  /** The newest records of each kind, up to `limit` each. */
  related(clientId: string, limit: number): Promise<RelatedRecords>;
}
