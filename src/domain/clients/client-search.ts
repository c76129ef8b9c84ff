import { foldText, phoneDigits, searchWords } from '../shared/search.ts';
import { PHONE_CHARACTERS } from '../shared/phone.ts';
import type { Client } from './client.ts';

/**
 * Search terms: what a client can be found by, as whole normalised words. Prefix search
 * ("smi" finds "Smith") is a range query over these terms ([term, successor)), so one term per
 * word is enough and the term index stays small (≈15 terms a client). Several words are matched
 * by the store's term index over the same list (array-contains-prefix on the client's `search`).
 *
 * - names (client, company, contacts) and address parts: folded words of letters and digits, and
 *   each joined word whole ("montgomery-fitzgerald", "o.brien"), since a joined word typed in the
 *   box is searched whole (it may be an e-mail's local part);
 * - e-mails: the whole address, its local part and its domain;
 * - phones: all digits, without a leading country code 1, and the last 7 and last 4 digits;
 * - tags: '#tag' (never produced from text, which loses its '#').
 */

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

function emailTerms(email: string): string[] {
  const e = normaliseEmail(email);
  if (!e) return [];
  const at = e.lastIndexOf('@');
  return at > 0 ? [e, e.slice(0, at), e.slice(at + 1)] : [e];
}

function phoneTerms(phone: string): string[] {
  const d = phoneDigits(phone);
  if (d.length < 4) return d ? [d] : [];
  const national = d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  return [...new Set([d, national, national.slice(-7), national.slice(-4)])];
}

/** The longest a term may be; longer words are cut (prefix search still finds them). */
export const MAX_TERM_LENGTH = 64;

export type SearchableClient = Pick<Client, 'name' | 'company' | 'contacts' | 'billingAddress' | 'tags' | 'sites'>;

/** Every term a client is found by, de-duplicated, in a stable order. */
export function searchTerms(c: SearchableClient): string[] {
  const terms = new Set<string>();
  const add = (t: string) => {
    if (t) terms.add(t.slice(0, MAX_TERM_LENGTH));
  };
  const addWords = (text: string) => {
    searchWords(text).forEach(add);
    for (const raw of text.split(/\s+/)) if (JOINED_WORD.test(raw)) add(foldText(raw));
  };
  addWords(c.name);
  addWords(c.company);
  for (const contact of c.contacts) {
    addWords(contact.name);
    contact.emails.forEach((e) => emailTerms(e).forEach(add));
    contact.phones.forEach((p) => phoneTerms(p).forEach(add));
  }
  const addresses = [c.billingAddress, ...c.sites.map((s) => s.address)];
  for (const a of addresses) {
    addWords(a.line1);
    addWords(a.line2);
    addWords(a.city);
    addWords(a.region);
    add(foldText(a.postcode).replace(/\s+/g, ''));
    addWords(a.postcode);
  }
  for (const s of c.sites) addWords(s.label);
  for (const t of c.tags) add(tagTerm(t));
  return [...terms];
}

export const tagTerm = (tag: string): string => `#${tag}`;

/** Letters and digits joined by . _ + - ("Montgomery-Fitzgerald", "ann.lee"): searched whole. */
const JOINED_WORD = /^[\p{L}\p{N}]+([._+-][\p{L}\p{N}]+)+$/u;

/**
 * What a person typed, as prefixes to look for (all must match). Phone-like input ("555-123",
 * "(555) 123 45") becomes its digits; an e-mail-like word keeps its @ and dots; everything else becomes words.
 */
export function parseSearch(text: string): string[] {
  // A whole input of phone characters is one number, however it is spaced: "(555) 123-4567".
  if (PHONE_CHARACTERS.test(text) && /\d/.test(text)) return [phoneDigits(text).slice(0, MAX_TERM_LENGTH)];
  const out: string[] = [];
  for (const raw of text.trim().split(/\s+/)) {
    if (!raw) continue;
    if (/^[+()\d.-]+$/.test(raw) && /\d/.test(raw)) out.push(phoneDigits(raw).slice(0, MAX_TERM_LENGTH));
    // "ann.lee@x", or an e-mail's local part being typed ("ann.le"): one term, as stored.
    else if (raw.includes('@')) out.push(normaliseEmail(raw).slice(0, MAX_TERM_LENGTH));
    else if (JOINED_WORD.test(raw)) out.push(foldText(raw).slice(0, MAX_TERM_LENGTH));
    else out.push(...searchWords(raw, { maxLength: MAX_TERM_LENGTH }));
  }
  return [...new Set(out.filter(Boolean))];
}

/**
 * The term a client is listed under for a prefix search: its smallest term with that prefix.
 * A client with several matching terms ("smith", "smithson") is shown once, at this one.
 */
export function firstMatchingTerm(terms: readonly string[], prefix: string): string | null {
  let best: string | null = null;
  for (const t of terms) if (t.startsWith(prefix) && !t.startsWith('#') && (best === null || t < best)) best = t;
  return best;
}
