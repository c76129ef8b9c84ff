import type { Proposal, ProposalStatus } from './proposal.ts';

export const PROPOSAL_SORTS = ['createdAt', 'number', 'validUntil', 'updatedAt'] as const;
export type ProposalSort = (typeof PROPOSAL_SORTS)[number];

export interface ProposalListQuery {
  /**
   * The status as people see it: 'expired' finds sent/viewed proposals past valid-until, and
   * 'sent'/'viewed' leave those out (see effectiveStatus).
   */
  status: ProposalStatus | null;
  /** YYYY-MM-DD in the company time zone, for the expiry comparison. */
  today: string;
  /** Matches the number, the title or the client's name (prefix of a word, case-insensitive). */
  search: string;
  sort: ProposalSort;
  direction: 'asc' | 'desc';
  limit: number;
  cursor: string | null;
}

export interface ProposalPage {
  items: Proposal[];
  nextCursor: string | null;
}

export interface ProposalRepository {
  /**
   * Stores a new proposal under the next PRO-YYYY-NNNN of `year`: the counter and the proposal
   * are written in one transaction, so numbers have no gaps and never repeat, across processes.
   */
  create(year: number, build: (number: string) => Proposal): Promise<Proposal>;
  get(id: string): Promise<Proposal | null>;
  /** The proposal whose current or a former public token this is. */
  findByToken(token: string): Promise<Proposal | null>;
  /**
   * Read-modify-write in one transaction: `change` sees the current proposal (maybe more than
   * once when a concurrent write forces a retry) and returns the new one.
   */
  update(id: string, change: (current: Proposal) => Proposal): Promise<Proposal>;
  list(q: ProposalListQuery): Promise<ProposalPage>;
}

