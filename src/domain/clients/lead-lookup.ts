/**
 * A quote request (lead) as conversion needs it. The leads feature is built elsewhere; every
 * field may be missing, so the reader fills the gaps with empty values.
 */
export interface LeadSnapshot {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  postcode: string;
  propertyType: 'residential' | 'commercial';
  services: string[];
  description: string;
  /** How many photos the request has. */
  photos: number;
  status: string;
  convertedClientId: string | null;
}

export interface LeadLookup {
  find(leadId: string): Promise<LeadSnapshot | null>;
}
