import type { LeadStatus, QuoteRequest } from './quote-request.ts';

export interface LeadListOptions {
  status?: LeadStatus;
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

export interface LeadPage {
  leads: QuoteRequest[];
  nextCursor: string | null;
}

export interface QuoteRequestRepository {
  add(lead: QuoteRequest): Promise<QuoteRequest>;
  get(id: string): Promise<QuoteRequest | null>;
  /** Newest first. */
  list(options: LeadListOptions): Promise<LeadPage>;
  save(lead: QuoteRequest): Promise<QuoteRequest>;
  countByStatus(status: LeadStatus): Promise<number>;
}
