/**
 * Data URLs and base64 strings as upload sources (R-STO-1): `data:[<mediatype>][;base64],<data>`.
 * The two base64 alphabets are kept apart: base64 must not contain - or _, base64url must not
 * contain + or /. A data URL without ;base64 carries percent-encoded text, stored as UTF-8.
 */
import { storageErrors } from './storage-error.ts';

export type Base64Format = 'base64' | 'base64url';

export interface ParsedDataUrl {
  /** The media type as written, without parameters such as ;base64 (undefined when empty). */
  contentType: string | undefined;
  base64: boolean;
  bytes: Uint8Array;
}

const DATA_URL_SHAPE = 'Must be formatted "data:[<mediatype>][;base64],<data>"';

export function parseDataUrl(url: string): ParsedDataUrl {
  if (!url.startsWith('data:')) throw storageErrors.invalidFormat('data_url', DATA_URL_SHAPE);
  const comma = url.indexOf(',');
  if (comma === -1) throw storageErrors.invalidFormat('data_url', DATA_URL_SHAPE);
  let media = url.slice('data:'.length, comma);
  const data = url.slice(comma + 1);
  const base64 = media.endsWith(';base64');
  if (base64) media = media.slice(0, -';base64'.length);
  const contentType = media === '' ? undefined : media;
  if (base64) return { contentType, base64, bytes: decodeBase64(data, 'base64') };
  let text: string;
  try {
    text = decodeURIComponent(data);
  } catch {
    throw storageErrors.invalidFormat('data_url', 'Malformed data URL.');
  }
  return { contentType, base64, bytes: new TextEncoder().encode(text) };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const VALUE = new Map<string, number>([...ALPHABET].map((c, i) => [c, i]));

/** Decodes base64 or base64url text, refusing the other alphabet's characters (R-STO-1). */
export function decodeBase64(text: string, format: Base64Format): Uint8Array {
  const [c62, c63, foreign] = format === 'base64' ? ['+', '/', /[-_]/] : ['-', '_', /[+/]/];
  if (foreign.test(text)) throw storageErrors.invalidFormat(format, 'Invalid character found');
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1 || (format === 'base64' && text.length % 4 !== 0 && text.includes('='))) {
    throw storageErrors.invalidFormat(format, 'Invalid character found');
  }
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let n = 0;
  for (const ch of body) {
    const v = ch === c62 ? 62 : ch === c63 ? 63 : VALUE.get(ch);
    if (v === undefined) throw storageErrors.invalidFormat(format, 'Invalid character found');
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}
