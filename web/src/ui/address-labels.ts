import { useMoneySettings } from './money.ts';

/** What people of a locale call a postcode: "ZIP code" in the US, "Postal code" in Canada, "Postcode" elsewhere. */
export function postcodeLabel(locale: string): string {
  const region = locale.split('-')[1]?.toUpperCase();
  return region === 'US' ? 'ZIP code' : region === 'CA' ? 'Postal code' : 'Postcode';
}

/** The postcode label for the configured locale (LOCALE, via /api/site); re-renders when it arrives. */
export const usePostcodeLabel = (): string => postcodeLabel(useMoneySettings().locale);
