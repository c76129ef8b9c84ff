/**
 * Whether a postcode has the shape the locale's post office uses, checked before the service
 * area: "abc" on a US site is a mistyped ZIP code, not a place we do not serve. Locales without a
 * rule here accept any postcode the form's schema allows. Shared by the quote form (at once) and
 * the server (again).
 */
const FORMATS: Readonly<Record<string, { pattern: RegExp; message: string }>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, message: 'ZIP code: enter a 5-digit ZIP code, e.g. 62704.' },
  CA: { pattern: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/, message: 'Postal code: enter it as letter-digit-letter digit-letter-digit, e.g. K1A 0B1.' },
};

/** The message for a postcode that does not look like one of `locale`'s ("en-US"), or null. */
export function postcodeFormatProblem(postcode: string, locale: string): string | null {
  const rule = FORMATS[locale.split('-')[1]?.toUpperCase() ?? ''];
  return rule && !rule.pattern.test(postcode.trim()) ? rule.message : null;
}
