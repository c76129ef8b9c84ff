/**
 * A postal address as the locale writes it on an envelope, the empty parts left out (never a
 * stray comma): en-US "Springfield, IL 62704"; de-DE, fr-FR … "10115 Berlin"; en-GB the town,
 * then the postcode on a line of its own. The country is written only when it is not the
 * locale's own. Customer documents (invoice PDFs, the public invoice page) print these lines.
 */
import type { Address } from './client.ts';

/** Regions that write the postcode before the town. */
const POSTCODE_FIRST = new Set(['DE', 'AT', 'CH', 'LI', 'FR', 'BE', 'LU', 'NL', 'IT', 'ES', 'PT', 'DK', 'SE', 'NO', 'FI', 'IS', 'PL', 'CZ', 'SK', 'HU', 'SI', 'HR', 'GR', 'RO', 'BG', 'EE', 'LV', 'LT', 'MX', 'BR', 'AR']);
/** Regions that give the postcode a line of its own, below the town. */
const POSTCODE_LINE = new Set(['GB', 'IE']);

const regionOf = (locale: string): string => {
  try {
    return new Intl.Locale(locale).maximize().region ?? '';
  } catch {
    return '';
  }
};

/** The locale's own country, however it was typed: "US", "USA", "United States". */
function isHomeCountry(country: string, home: string, locale: string): boolean {
  const c = country.trim().toLowerCase().replace(/\./g, '');
  if (home === '') return false;
  if (c === home.toLowerCase()) return true;
  if (home === 'US' && ['usa', 'united states of america', 'america'].includes(c)) return true;
  if (home === 'GB' && ['uk', 'great britain', 'england', 'scotland', 'wales', 'northern ireland'].includes(c)) return true;
  try {
    const names = [new Intl.DisplayNames([locale], { type: 'region' }).of(home), new Intl.DisplayNames(['en'], { type: 'region' }).of(home)];
    return names.some((n) => n?.toLowerCase() === c);
  } catch {
    return false;
  }
}

const join = (parts: readonly string[], separator: string): string => parts.filter((p) => p !== '').join(separator);

export function postalAddressLines(a: Address, locale: string): string[] {
  const t = (s: string | undefined) => (s ?? '').trim();
  const [line1, line2, city, region, postcode, country] = [t(a.line1), t(a.line2), t(a.city), t(a.region), t(a.postcode), t(a.country)];
  const home = regionOf(locale);
  let place: string[];
  if (POSTCODE_FIRST.has(home)) place = [join([postcode, city], ' '), region];
  else if (POSTCODE_LINE.has(home)) place = [city, region, postcode];
  // "City, ST ZIP": the comma only separates the town from a state.
  else place = [region ? join([city, join([region, postcode], ' ')], ', ') : join([city, postcode], ' ')];
  const abroad = country !== '' && !isHomeCountry(country, home, locale);
  return [line1, line2, ...place, abroad ? country : ''].filter((l) => l !== '');
}

/** The same address on one line: "4821 Main St, Apt 12B, Springfield, IL 62704". */
export const postalAddressLine = (a: Address, locale: string): string => postalAddressLines(a, locale).join(', ');
