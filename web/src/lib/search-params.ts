/**
 * What a back-office URL's search may hold, checked without zod (route definitions are not
 * code-split, so this runs in the entry bundle). A rule is a list of allowed values, a maximum
 * length for free text, a pattern, or 'flag' (true when the value is true or "true"); anything
 * else is dropped, so a hand-edited URL can never put the screen in a state it does not know.
 */
export type SearchRule = readonly string[] | number | RegExp | 'flag';

export function parseSearch<T>(search: Record<string, unknown>, rules: Readonly<Record<string, SearchRule>>): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(rules)) {
    const rule = rules[key]!;
    const v = search[key];
    if (rule === 'flag') {
      if (v === true || v === 'true') out[key] = true;
    } else if (typeof v === 'string' && v !== '') {
      const ok = typeof rule === 'number' ? v.length <= rule : rule instanceof RegExp ? rule.test(v) : rule.includes(v);
      if (ok) out[key] = v;
    }
  }
  return out as T;
}

/** A change to a screen's URL search: keys set to undefined are removed from the URL. */
export type SearchPatch<T> = { [K in keyof T]?: T[K] | undefined };
