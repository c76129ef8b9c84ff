/**
 * A customer's change to their own details (client hub), as the office reads it: one line per
 * changed field, "Phone: (555) 867-5309 → (555) 010-2030", the address as it is written on an
 * envelope (never the stored JSON).
 */
import type { Address } from '../clients/client.ts';
import { postalAddressLines } from '../clients/postal-address.ts';

export interface ContactDetails {
  phone: string | null;
  email: string | null;
  billingAddress: Address;
}

export interface DetailChange {
  label: string;
  from: string;
  to: string;
}

const NOTHING = '—';
const shown = (v: string | null | undefined): string => (v && v.trim() ? v.trim() : NOTHING);

export function contactDetailChanges(before: ContactDetails, after: ContactDetails, locale: string): DetailChange[] {
  const address = (a: Address) => shown(postalAddressLines(a, locale).join(', '));
  // An envelope leaves out the home country, so a country typed or cleared would read the same
  // before and after: then both sides name their country ("…, no country → …, United States").
  const withCountry = (a: Address) => shown([...postalAddressLines({ ...a, country: '' }, locale), a.country.trim() || 'no country'].join(', '));
  const countryOnly = address(before.billingAddress) === address(after.billingAddress) && before.billingAddress.country.trim() !== after.billingAddress.country.trim();
  const billing = countryOnly ? withCountry : address;
  const fields: [string, string, string][] = [
    ['Phone', shown(before.phone), shown(after.phone)],
    ['E-mail', shown(before.email), shown(after.email)],
    ['Billing address', billing(before.billingAddress), billing(after.billingAddress)],
  ];
  return fields.filter(([, from, to]) => from !== to).map(([label, from, to]) => ({ label, from, to }));
}

/** "Phone: (555) 867-5309 → (555) 010-2030", one line per change. */
export const describeDetailChanges = (changes: readonly DetailChange[]): string[] => changes.map((c) => `${c.label}: ${c.from} → ${c.to}`);
