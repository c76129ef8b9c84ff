import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import type { DocumentStore, UpdatePatch } from '../../domain/persistence/document-store.ts';
import { orderBy, where, type Filter } from '../../domain/persistence/query.ts';
import { formatProposalNumber, proposalSearchTerms, searchTerm, type Proposal } from '../../domain/proposals/proposal.ts';
import type { ProposalListQuery, ProposalPage, ProposalRepository } from '../../domain/proposals/proposal-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

export const PROPOSALS = 'proposals';
export const PROPOSAL_COUNTERS = 'proposal_counters';

type Doc = Omit<Proposal, 'id' | 'createdAt' | 'updatedAt'> & { year: number; search: string[] };

const asData = (v: object): DocumentData => v as unknown as DocumentData;

function toDoc(p: Proposal, year: number): Doc {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = p;
  return { ...rest, year, search: proposalSearchTerms(p) };
}

function fromDoc(d: StoredDocument<DocumentData>): Proposal {
  const { year: _y, search: _s, ...rest } = d as unknown as Doc & { id: string; createdAt: string; updatedAt: string };
  return { ...rest, converting: rest.converting ?? null, cameraPlanId: rest.cameraPlanId ?? null } as Proposal;
}

/** A stored proposal's fields after its client was renamed: the name and the search terms made from it. */
export const proposalClientNamePatch = (d: StoredDocument<DocumentData>, clientName: string): UpdatePatch => ({ clientName, search: proposalSearchTerms({ ...fromDoc(d), clientName }) });

/**
 * Proposals on the document store. Numbering: a counter document per year ('proposal_counters'
 * / '2026', field `last`) read and bumped in the same transaction that creates the proposal, so a
 * number is used exactly when its proposal exists (no gaps) and two writers never get the same
 * one (the optimistic transaction re-runs the loser; the unique number index backs it up).
 */
export class DocumentProposalRepository implements ProposalRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async create(year: number, build: (number: string) => Proposal): Promise<Proposal> {
    const id = await this.store.runTransaction(
      async (tx) => {
        const counter = await tx.get<{ last: number }>(PROPOSAL_COUNTERS, String(year));
        const seq = (counter?.last ?? 0) + 1;
        const p = build(formatProposalNumber(year, seq));
        tx.set(PROPOSAL_COUNTERS, String(year), { last: seq });
        tx.create(PROPOSALS, p.id, asData(toDoc(p, year)));
        return p.id;
      },
      { maxAttempts: 100 },
    );
    const saved = await this.get(id);
    if (!saved) throw new DomainError('unavailable', 'The proposal could not be read back.');
    return saved;
  }

  async get(id: string): Promise<Proposal | null> {
    const d = await this.store.collection(PROPOSALS).get(id);
    return d ? fromDoc(d) : null;
  }

  async findByToken(token: string): Promise<Proposal | null> {
    const page = await this.store.collection(PROPOSALS).query({ where: [where('publicToken', '==', token)], limit: 1 });
    // A former token (rotated link) finds its proposal too, so the page can say "no longer valid".
    const d = page.docs[0] ?? (await this.store.collection(PROPOSALS).query({ where: [where('retiredTokens', 'array-contains', token)], limit: 1 })).docs[0];
    return d ? fromDoc(d) : null;
  }

  async update(id: string, change: (current: Proposal) => Proposal): Promise<Proposal> {
    await this.store.runTransaction(
      async (tx) => {
        const d = await tx.get(PROPOSALS, id);
        if (!d) throw new DomainError('not-found', 'No such proposal.');
        const year = (d as unknown as Doc).year;
        const next = change(fromDoc(d));
        tx.set(PROPOSALS, id, asData(toDoc(next, year)));
      },
      { maxAttempts: 20 },
    );
    const saved = await this.get(id);
    if (!saved) throw new DomainError('not-found', 'No such proposal.');
    return saved;
  }

  async list(q: ProposalListQuery): Promise<ProposalPage> {
    const filters: Filter[] = [];
    if (q.status === 'expired') filters.push(where('status', 'in', ['sent', 'viewed', 'expired']), where('validUntil', '<', q.today));
    else if (q.status === 'sent' || q.status === 'viewed') filters.push(where('status', '==', q.status), where('validUntil', '>=', q.today));
    else if (q.status) filters.push(where('status', '==', q.status));
    const term = searchTerm(q.search);
    if (term) filters.push(where('search', 'array-contains', term));
    const page = await this.store.collection(PROPOSALS).query({
      where: filters,
      orderBy: [orderBy(q.sort, q.direction)],
      limit: q.limit,
      ...(q.cursor ? { startAfter: q.cursor } : {}),
    });
    return { items: page.docs.map(fromDoc), nextCursor: page.nextCursor };
  }
}
