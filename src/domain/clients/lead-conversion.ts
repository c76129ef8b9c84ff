import { SERVICE_LABELS, type QuoteService } from '../quotes/quote-request.ts';
import { parseUsAddress } from './us-address.ts';
import type { Address, ClientKind } from './client.ts';

/** What conversion reads of a quote request (the SPA's lead and the server's snapshot both fit). */
export interface LeadForConversion {
  name: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  propertyType: ClientKind;
  services: readonly string[];
  description: string;
  photos: number;
}

export interface LeadConversionDraft {
  kind: ClientKind;
  name: string;
  email: string;
  phone: string;
  address: Address;
  siteLabel: string;
  tags: string[];
  notes: string;
  /** The request's address when it could not be split into street, city and state. */
  unparsedAddress: string | null;
}

export const serviceLabel = (s: string): string => SERVICE_LABELS[s as QuoteService] ?? s;

/**
 * The client a quote request suggests, for the person converting it to review: the address split
 * into its fields, the services as tags, the description and services in the notes.
 */
export function leadConversionDraft(lead: LeadForConversion): LeadConversionDraft {
  const { unparsed, ...address } = parseUsAddress(lead.address, lead.postcode);
  const services = lead.services.map(serviceLabel);
  const notes = [
    lead.description.trim(),
    services.length ? `Services asked for: ${services.join(', ')}.` : '',
    lead.photos ? `${lead.photos} photo${lead.photos === 1 ? '' : 's'} on the quote request.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    kind: lead.propertyType,
    name: lead.name.trim().slice(0, 120),
    email: lead.email.trim(),
    phone: lead.phone.trim(),
    address,
    siteLabel: lead.propertyType === 'commercial' ? 'Business premises' : 'Home',
    tags: [...lead.services],
    notes: notes.slice(0, 5000),
    unparsedAddress: unparsed,
  };
}
