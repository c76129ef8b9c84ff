/**
 * A free-quote request (a lead): what the visitor asked for, where, and how far staff have
 * taken it. Statuses follow the sales path new → contacted → proposal-sent → won | lost, with
 * spam as a way out at any open step. Closed leads (won, lost, spam) may be reopened as
 * 'contacted' when a customer comes back. 'converted': a client was made from the request
 * (convertedClientId) but nothing is sold yet; it becomes won when a proposal of that client is
 * accepted or a job of theirs is completed (`markLeadWon`).
 */
import { DomainError } from '../shared/domain-error.ts';

export const QUOTE_SERVICES = ['alarm', 'cameras', 'prewire', 'panel-upgrade', 'consultation'] as const;
export type QuoteService = (typeof QUOTE_SERVICES)[number];

export const SERVICE_LABELS: Readonly<Record<QuoteService, string>> = {
  alarm: 'Alarm system',
  cameras: 'Security cameras',
  prewire: 'New-home prewire',
  'panel-upgrade': 'Panel upgrade',
  consultation: 'Security consultation',
};

export const PROPERTY_TYPES = ['residential', 'commercial'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const CONSTRUCTION_TYPES = ['new', 'existing'] as const;
export type ConstructionType = (typeof CONSTRUCTION_TYPES)[number];
export const PREFERRED_WINDOWS = ['morning', 'afternoon'] as const;
export type PreferredWindow = (typeof PREFERRED_WINDOWS)[number];

export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'proposal-sent', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const MAX_QUOTE_PHOTOS = 3;

export interface QuotePhoto {
  /** The FileStorage path. */
  path: string;
  contentType: string;
  size: number;
  fileName: string | null;
}

export interface QuoteRequestInput {
  name: string;
  email: string;
  phone: string;
  services: QuoteService[];
  propertyType: PropertyType;
  construction: ConstructionType;
  address: string;
  postcode: string;
  /** YYYY-MM-DD, or null when the visitor has no preference. */
  preferredDate: string | null;
  preferredWindow: PreferredWindow | null;
  description: string;
}

export interface QuoteRequest extends QuoteRequestInput {
  id: string;
  photos: QuotePhoto[];
  status: LeadStatus;
  /** The client this request was converted into (clients feature), or null. */
  convertedClientId: string | null;
  createdAt: string;
  updatedAt: string;
}

export function newQuoteRequest(input: QuoteRequestInput, photos: QuotePhoto[], id: string, now: Date): QuoteRequest {
  if (photos.length > MAX_QUOTE_PHOTOS) throw new DomainError('validation', `At most ${MAX_QUOTE_PHOTOS} photos.`, { photos: [`Attach at most ${MAX_QUOTE_PHOTOS} photos.`] });
  const at = now.toISOString();
  return { ...input, id, photos, status: 'new', convertedClientId: null, createdAt: at, updatedAt: at };
}

const NEXT: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  new: ['contacted', 'lost', 'spam'],
  contacted: ['proposal-sent', 'won', 'lost', 'spam'],
  converted: ['proposal-sent', 'won', 'lost'],
  'proposal-sent': ['won', 'lost'],
  won: ['contacted'],
  lost: ['contacted'],
  spam: ['contacted'],
};

/** The statuses a lead in `from` may move to. */
export const nextLeadStatuses = (from: LeadStatus): readonly LeadStatus[] => NEXT[from];

/** A client made from the request: the lead stays open, linked to the client, until something is sold. */
export function markLeadConverted(lead: QuoteRequest, clientId: string, now: Date): QuoteRequest {
  if (lead.convertedClientId) throw new DomainError('conflict', 'This quote request has already been converted to a client.');
  return { ...lead, status: 'converted', convertedClientId: clientId, updatedAt: now.toISOString() };
}

/** A proposal accepted or a job completed for the lead's client: the lead is won, if it is still open. */
export function markLeadWon(lead: QuoteRequest, now: Date): QuoteRequest | null {
  return lead.status === 'converted' || lead.status === 'proposal-sent' || lead.status === 'contacted' ? { ...lead, status: 'won', updatedAt: now.toISOString() } : null;
}

export function changeLeadStatus(lead: QuoteRequest, to: LeadStatus, now: Date): QuoteRequest {
  if (!NEXT[lead.status].includes(to)) {
    throw new DomainError('conflict', `A lead that is '${lead.status}' cannot become '${to}'.`);
  }
  return { ...lead, status: to, updatedAt: now.toISOString() };
}

/** Postcodes compared without spaces or case: 'sw1a 1aa' and 'SW1A1AA' are one code. */
export const normalizePostcode = (postcode: string): string => postcode.replace(/\s+/g, '').toUpperCase();

/**
 * Whether the business serves a postcode: it starts with one of the configured prefixes
 * (SERVICE_POSTCODES). An empty list serves everywhere.
 */
export function isServedPostcode(postcode: string, prefixes: readonly string[]): boolean {
  const code = normalizePostcode(postcode);
  if (code === '') return false;
  if (prefixes.length === 0) return true;
  return prefixes.some((p) => {
    const prefix = normalizePostcode(p);
    return prefix !== '' && code.startsWith(prefix);
  });
}

/** Rejects a preferred date in the past (company calendar); `today` is YYYY-MM-DD. */
export function checkPreferredDate(date: string | null, today: string): void {
  if (date !== null && date < today) {
    throw new DomainError('validation', 'The preferred date is in the past.', { preferredDate: ['Pick today or a later date.'] });
  }
}
