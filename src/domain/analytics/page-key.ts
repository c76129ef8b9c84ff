/**
 * Keys of the analytics maps (R-TRK-1, R-TRK-7): page keys from paths, referrer keys from
 * referrer URLs, and the sanitising that makes any such key safe as one nested field name.
 *
 * The spec replaces / [ ] * ~ with '_' (R-TRK-7). Our stores need more, because the counters are
 * updated by field path: MongoDB `$inc: { 'pageViews.<key>': 1 }` and SQLite
 * `json_set(doc, '$.pageViews."<key>"', …)`. So `sanitizeKey` also:
 * - replaces '.' (path separator in both stores) and '$' (MongoDB operator prefix, JSON-path
 *   root) with '_'; likewise '"' and '\' (they would end or escape a quoted SQLite path step)
 *   and control characters (MongoDB refuses NUL in field names);
 * - cuts keys to MAX_KEY_LENGTH characters, so a client cannot grow the stats record at will
 *   with one enormous key;
 * - turns an empty key into '_' (R-DB-1: field names are never empty);
 * - prefixes 'x' to a key that both starts and ends with '__' (R-DB-1 reserves those), which
 *   also keeps `__proto__` from ever being used as a map key.
 * The result is idempotent: sanitising a sanitised key changes nothing. The readable cost is
 * that 'google.com' shows as 'google_com'.
 */

export const MAX_KEY_LENGTH = 200;

// R-TRK-7 characters, then the store-safety ones described above.
const UNSAFE_KEY_CHARS = /[/[\]*~.$"\\\p{Cc}]/gu;

export function sanitizeKey(key: string): string {
  const replaced = key.replace(UNSAFE_KEY_CHARS, '_');
  const cut = Array.from(replaced).slice(0, MAX_KEY_LENGTH).join('');
  if (cut === '') return '_';
  return cut.startsWith('__') && cut.endsWith('__') ? `x${cut}` : cut;
}

/**
 * R-TRK-1: 'home' for /, otherwise the path without its leading slash. Beyond the spec: a
 * trailing slash, query or fragment is ignored, so /services/ and /services count as one page.
 * The key is returned as the route names it; `sanitizeKey` is applied where it is stored.
 */
export function pageKey(pathname: string): string {
  const path = pathname.replace(/[?#].*$/s, '').replace(/^\/+/, '').replace(/\/+$/, '');
  return path === '' ? 'home' : path;
}

/**
 * The pages the statistics count: the public site's own routes (R-NAV-1; web/src/routes, a
 * unit test keeps the two in step). Back-office screens are staff at work, not visitors, and
 * their keys would carry ids (one "admin/clients/<id>" per client); token links
 * (/i/…, /p/…) carry a secret each. Neither is counted, whoever reports them.
 */
export const PUBLIC_PAGE_KEYS = ['home', 'services', 'contact', 'reviews', 'quote', 'support'] as const;
export type PublicPageKey = (typeof PUBLIC_PAGE_KEYS)[number];
export const isPublicPage = (key: string): key is PublicPageKey => (PUBLIC_PAGE_KEYS as readonly string[]).includes(key);

export const DIRECT_REFERRER = 'direct';

/**
 * Referrer keys are capped (security review, finding 3: every made-up referrer became a key of
 * the one stats record, 5 300 of them slowed every view): the first MAX_REFERRER_KEYS sites
 * keep their own key, 'direct' always, and any further site counts under OTHER_REFERRER.
 */
export const MAX_REFERRER_KEYS = 50;
export const OTHER_REFERRER = 'other';

/** The key a referrer is counted under, given the keys already stored (`known`). */
export function cappedReferrerKey(key: string, known: ReadonlySet<string>): string {
  if (key === DIRECT_REFERRER || key === OTHER_REFERRER || known.has(key)) return key;
  let sites = known.size;
  if (known.has(DIRECT_REFERRER)) sites -= 1;
  if (known.has(OTHER_REFERRER)) sites -= 1;
  return sites < MAX_REFERRER_KEYS ? key : OTHER_REFERRER;
}

/**
 * The referrers key for a first visit (R-TRK-6): the referring site's host name, lower-cased,
 * without a leading 'www.', sanitised. No referrer, one that is not a URL, or one from this
 * site itself (`siteHost`) counts as 'direct'. Paths and queries are dropped: they can carry
 * personal data and would make one key per link.
 */
export function referrerKey(referrer: string | null | undefined, siteHost?: string | null): string {
  const host = hostOf(referrer);
  if (host === null) return DIRECT_REFERRER;
  const own = siteHost == null ? null : hostOf(`http://${siteHost}`);
  return host === own ? DIRECT_REFERRER : sanitizeKey(host);
}

function hostOf(url: string | null | undefined): string | null {
  if (url == null || url.trim() === '') return null;
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/^www\./, '');
  return host === '' ? null : host;
}
