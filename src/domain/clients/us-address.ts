/**
 * A one-line US address as typed on the quote form ("123 Main St, Springfield, IL 62704") split
 * into street, city, state and ZIP. What cannot be placed is reported in `unparsed`, so the
 * person converting the lead sees it and fixes the fields instead of a street holding it all.
 */
import type { Address } from './client.ts';

export interface ParsedAddress extends Address {
  /** The original text when city or state could not be found in it; null when all was placed. */
  unparsed: string | null;
}

const STATES: Readonly<Record<string, string>> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT', delaware: 'DE',
  'district of columbia': 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA',
  kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN',
  mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ',
  'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR',
  pennsylvania: 'PA', 'rhode island': 'RI', 'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT',
  vermont: 'VT', virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY', 'puerto rico': 'PR',
};
const CODES = new Set(Object.values(STATES));
const ZIP = /(\d{5}(?:-\d{4})?)$/;
const COUNTRY = /^(usa|us|u\.s\.a?\.?|united states(?: of america)?)$/i;

/** "IL", "il", "Illinois" → "IL"; anything else → null. */
function stateCode(s: string): string | null {
  const t = s.trim().replace(/\.$/, '');
  if (CODES.has(t.toUpperCase()) && t.length === 2) return t.toUpperCase();
  return STATES[t.toLowerCase()] ?? null;
}

/** Splits "<city> <state>" (the state being the last one or two words, or a two-letter code). */
function cityAndState(s: string): { city: string; region: string } | null {
  const words = s.trim().split(/\s+/);
  for (const n of [2, 1]) {
    if (words.length < n) continue;
    const code = stateCode(words.slice(-n).join(' '));
    if (code) return { city: words.slice(0, -n).join(' ').replace(/,$/, ''), region: code };
  }
  return null;
}

export function parseUsAddress(text: string, postcode = ''): ParsedAddress {
  const original = text.trim();
  const parts = original
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  let country = '';
  if (parts.length > 1 && COUNTRY.test(parts.at(-1)!)) {
    parts.pop();
    country = 'US';
  }
  let zip = '';
  let region = '';
  let city = '';
  // The ZIP ends the last part ("IL 62704") or is a part of its own.
  const last = parts.at(-1) ?? '';
  const zipMatch = parts.length > 1 ? ZIP.exec(last) : null;
  if (zipMatch) {
    zip = zipMatch[1]!;
    const rest = last.slice(0, zipMatch.index).trim();
    if (rest) parts[parts.length - 1] = rest;
    else parts.pop();
  }
  if (parts.length > 1) {
    const found = cityAndState(parts.at(-1)!);
    if (found) {
      region = found.region;
      parts.pop();
      city = found.city || (parts.length > 1 ? parts.pop()! : '');
    } else if (parts.length > 2) {
      // "street, city, something unknown": keep the street and the city, report the rest.
      city = parts[1]!;
    }
  }
  const line1 = parts[0] ?? '';
  const complete = line1 !== '' && city !== '' && region !== '';
  return {
    line1: region || city ? line1 : original,
    // With the state found, what is left between the street and the city is line 2 ("Apt 12B").
    line2: region ? parts.slice(1).join(', ') : '',
    city,
    region,
    postcode: zip || postcode.trim(),
    country,
    unparsed: complete ? null : original,
  };
}
