/**
 * The one owner of phone numbers as people type them: "(555) 010-2000", "+44 20 7946 0958",
 * "555-201-4477 ext 9". An extension typed after the number ("ext 9", "ext. 9", "extension 9",
 * "x9", "#9", optionally after a comma) is split off by PHONE_EXTENSION; every `tel:` link
 * (telHref), every SMS number (toE164, textNumber) and the form rule (phoneProblem in
 * src/contracts/form-fields.ts) read numbers through here.
 */

/** An extension after the number: "ext 9", ", ext. 9", "extension 204", "x12", "#9". */
export const PHONE_EXTENSION = /\s*[,;]?\s*(?:ext\.?|extension|x|#)\s*(\d{1,6})\s*$/i;

/** The characters a number itself may hold (the extension is split off first). */
export const PHONE_CHARACTERS = /^[+()\d\s.-]*$/;

/** The shortest and longest numbers, in digits (a local number with area code; E.164's 15). */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** The number and its extension (null without one), as typed. */
export function splitPhone(raw: string): { number: string; extension: string | null } {
  const ext = PHONE_EXTENSION.exec(raw);
  return ext ? { number: raw.slice(0, ext.index).trim(), extension: ext[1] ?? null } : { number: raw.trim(), extension: null };
}

/**
 * `tel:` link for a displayed number: digits and a leading + only, and the extension as RFC 3966's
 * `;ext=9`, so the dialler calls the number, then the extension.
 */
export function telHref(phone: string): string {
  const { number, extension } = splitPhone(phone);
  return `tel:${number.replace(/[^\d+]/g, '')}${extension ? `;ext=${extension}` : ''}`;
}

/**
 * "(555) 010-2000", "555.010.2000", "+44 20 7946 0958", "001 555 010 2000" → E.164 (the extension
 * dropped), or null when it cannot be a phone number. A national number without a country code
 * takes `defaultCountryCode` (config SMS_COUNTRY_CODE; 1 for the US/Canada).
 */
export function toE164(raw: string | null | undefined, defaultCountryCode = '1'): string | null {
  if (!raw) return null;
  const { number } = splitPhone(raw);
  if (!PHONE_CHARACTERS.test(number)) return null;
  let digits = number.replace(/\D/g, '');
  const valid = (d: string) => (d.length >= 8 && d.length <= PHONE_MAX_DIGITS ? `+${d}` : null);
  if (number.startsWith('+')) return valid(digits);
  if (digits.startsWith('00')) return valid(digits.slice(2));
  if (defaultCountryCode === '1') {
    if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
    return digits.length === 10 ? `+1${digits}` : null;
  }
  digits = digits.replace(/^0/, '');
  return valid(`${defaultCountryCode}${digits}`);
}

/**
 * The E.164 number a text message can go to, or null: not a number, or one with an extension (a
 * switchboard: the text would never reach the person).
 */
export function textNumber(raw: string | null | undefined, defaultCountryCode = '1'): string | null {
  if (!raw || splitPhone(raw).extension !== null) return null;
  return toE164(raw, defaultCountryCode);
}
