/**
 * The one cache of Intl formatters. Building an Intl formatter loads locale data (about a
 * millisecond, more under load); formatting with a built one costs microseconds. Every date,
 * time, number and money format in the domain, the adapters and the SPA goes through these two
 * functions, keyed by locale and options, so a hot path (page views, billing, a PDF's lines)
 * never builds one per call.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

const keyOf = (locale: string | undefined, options: object): string => `${locale ?? ''}|${JSON.stringify(options)}`;

/** A cached `Intl.DateTimeFormat(locale, options)`; `undefined` locale = the runtime's (the browser's). */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** A cached `Intl.NumberFormat(locale, options)`. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}
