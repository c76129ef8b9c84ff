/**
 * The one text-search helper: how stored text and what a person types become search words, for
 * every list that searches (clients, jobs, inventory, invoices, monitoring contracts, proposals,
 * employees). Both sides go through the same function, so "Émile" finds "emile", "O'Brien" finds
 * "obrien" and "CAM-8MP" finds the words "cam" and "8mp" wherever they are stored.
 *
 * Words are folded (NFKD, combining marks removed, lower case), apostrophes inside words are
 * dropped, and the text is split on anything but letters and digits (and the `keep` characters).
 * Prefix search is the store's business (array-contains-prefix, or stored prefixes via
 * `wordPrefixes`); each area picks its word length limits.
 */

/** Lower case without accents (NFKD, combining marks removed): "Émile" → "emile". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface WordOptions {
  /** Shorter words are left out (default 1). */
  minLength?: number;
  /** Longer words are cut to this length (prefix search still finds them). */
  maxLength?: number;
  /** Characters kept inside words, e.g. '-' so "PRO-2026-0042" stays one word. */
  keep?: string;
}

const escapeClass = (chars: string): string => chars.replace(/[\\\]^-]/g, '\\$&');

/** The folded words of `text`: "O'Brien-Smith, Jr." → ["obrien", "smith", "jr"]. */
export function searchWords(text: string, options: WordOptions = {}): string[] {
  const { minLength = 1, maxLength = Infinity, keep = '' } = options;
  const separator = new RegExp(`[^\\p{L}\\p{N}${escapeClass(keep)}]+`, 'u');
  return foldText(text)
    .replace(/['’]/g, '')
    .split(separator)
    .filter((w) => w.length >= Math.max(1, minLength))
    .map((w) => (w.length > maxLength ? w.slice(0, maxLength) : w));
}

/** Every prefix of each word from `min` to `max` characters, de-duplicated, in first-seen order. */
export function wordPrefixes(words: Iterable<string>, min = 1, max = Infinity): string[] {
  const out = new Set<string>();
  for (const w of words) for (let n = min; n <= Math.min(max, w.length); n++) out.add(w.slice(0, n));
  return [...out];
}

/** Digits only: "(555) 123-4567" → "5551234567". */
export const phoneDigits = (phone: string): string => phone.replace(/\D+/g, '');
