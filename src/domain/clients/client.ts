import type { GeoPoint } from '../persistence/document-data.ts';
import { foldText } from '../shared/search.ts';

/**
 * A client of the business and the places it protects. Jobs, proposals, invoices, contracts and
 * vision analyses refer to a client by `clientId` and to one of its sites by `siteId`; sites are
 * embedded in the client, so a site id is unique within its client only.
 *
 * The alarm passcode is kept sealed (`SealedSecret`, see secret-cipher.ts) everywhere except the
 * one reveal use case; views handed to the HTTP layer carry only `hasPasscode`.
 */
export const CLIENT_KINDS = ['residential', 'commercial'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

export const CLIENT_SOURCES = ['lead', 'referral', 'website', 'phone', 'other'] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];

export const ZONE_TYPES = ['entry-exit', 'perimeter', 'interior', '24-hour', 'fire', 'carbon-monoxide', 'panic', 'medical', 'water', 'other'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

export interface Address {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
}

export interface Contact {
  name: string;
  role: string;
  emails: string[];
  phones: string[];
}

export interface Zone {
  number: number;
  name: string;
  type: ZoneType;
}

export interface EmergencyContact {
  name: string;
  phone: string;
  relation: string;
}

/** AES-256-GCM output, base64url parts; `v` names the format so keys/algorithms can rotate. */
export interface SealedSecret {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

export interface AlarmAccount {
  centralStation: string;
  accountNumber: string;
  panelModel: string;
  zones: Zone[];
  emergencyContacts: EmergencyContact[];
  passcode: SealedSecret | null;
}

export interface Site {
  id: string;
  label: string;
  address: Address;
  /** R-DB-3 is checked when the GeoPoint is made. */
  geo: GeoPoint | null;
  alarm: AlarmAccount;
}

export interface Client {
  id: string;
  kind: ClientKind;
  name: string;
  company: string;
  contacts: Contact[];
  billingAddress: Address;
  tags: string[];
  notes: string;
  source: ClientSource;
  archived: boolean;
  /** The quote request this client was converted from, if any. */
  leadId: string | null;
  sites: Site[];
  createdAt: string;
  updatedAt: string;
}

export const emptyAddress = (): Address => ({ line1: '', line2: '', city: '', region: '', postcode: '', country: '' });

export const emptyAlarm = (): AlarmAccount => ({
  centralStation: '',
  accountNumber: '',
  panelModel: '',
  zones: [],
  emergencyContacts: [],
  passcode: null,
});

/** Tags are compared and stored trimmed, lower case, without duplicates. */
export function normaliseTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const tag = t.trim().toLowerCase().replace(/\s+/g, '-');
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** The key lists sort on: case- and accent-insensitive, so "Émile" files under E. */
export function nameSortKey(name: string): string {
  return foldText(name).replace(/\s+/g, ' ').trim();
}

/** The first e-mail of the first contact that has one. */
export function primaryEmail(c: Pick<Client, 'contacts'>): string | null {
  for (const contact of c.contacts) if (contact.emails[0]) return contact.emails[0];
  return null;
}

export function primaryPhone(c: Pick<Client, 'contacts'>): string | null {
  for (const contact of c.contacts) if (contact.phones[0]) return contact.phones[0];
  return null;
}

export function findSite(c: Pick<Client, 'sites'>, siteId: string): Site | null {
  return c.sites.find((s) => s.id === siteId) ?? null;
}
