/**
 * Content sniffing by magic bytes for the types uploads are checked against (photos, floor
 * plans, documents). A declared type is never trusted on its own: see `resolveContentType`.
 */
import { storageErrors } from './storage-error.ts';
import { FILE_TYPES, type Container } from './file-types.ts';

/** How many leading bytes `detectContentType` needs at most. */
export const SNIFF_BYTES = 32;

const ascii = (b: Uint8Array, at: number, text: string): boolean =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

const bytesAt = (b: Uint8Array, at: number, sig: readonly number[]): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

const HEIF_BRANDS: Record<string, string> = {
  heic: 'image/heic',
  heix: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
  avif: 'image/avif',
  avis: 'image/avif',
};

/** Archives office documents are stored in: the bytes say only that much. */
const ZIP = 'application/zip';
const OLE = 'application/x-ole-storage';
const CONTAINER_TYPES: Readonly<Record<Exclude<Container, 'text'>, string>> = { zip: ZIP, ole: OLE };

/** The type the bytes are, for the formats we know; undefined otherwise. */
export function detectContentType(head: Uint8Array): string | undefined {
  if (bytesAt(head, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytesAt(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (ascii(head, 0, '%PDF-')) return 'application/pdf';
  if (ascii(head, 0, 'BM') && head.length >= 14) return 'image/bmp';
  if (bytesAt(head, 0, [0x49, 0x49, 0x2a, 0x00]) || bytesAt(head, 0, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (bytesAt(head, 0, [0x50, 0x4b, 0x03, 0x04])) return ZIP;
  if (bytesAt(head, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE;
  if (ascii(head, 4, 'ftyp') && head.length >= 12) {
    const brand = String.fromCharCode(...head.slice(8, 12));
    return HEIF_BRANDS[brand];
  }
  return undefined;
}

/** Types `detectContentType` can recognise: declaring one of them requires matching bytes. */
export const SNIFFABLE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/avif',
]);

const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png' };

/** Lower-case, parameters dropped, common aliases folded: 'Image/JPG; q=1' → 'image/jpeg'. */
export function normalizeContentType(type: string): string {
  const bare = (type.split(';')[0] ?? '').trim().toLowerCase();
  return ALIASES[bare] ?? bare;
}

export interface ContentTypeCheck {
  declared: string | undefined;
  head: Uint8Array;
  /** Allowed types after normalisation; undefined allows any. */
  allowed: readonly string[] | undefined;
}

/**
 * The type to store: the sniffed one when the bytes are a known format (a declared type must
 * agree with it), else the declared one, else application/octet-stream; then the allow-list.
 */
export function resolveContentType({ declared, head, allowed }: ContentTypeCheck): string {
  const said = declared === undefined || declared.trim() === '' ? undefined : normalizeContentType(declared);
  const container = said === undefined ? undefined : FILE_TYPES[said]?.container;
  // An office document is the archive its type is stored in; a CSV is text (no NUL bytes).
  if (said !== undefined && container !== undefined) {
    const fits = container === 'text' ? detectContentType(head) === undefined && !head.includes(0) : detectContentType(head) === CONTAINER_TYPES[container];
    if (!fits) throw storageErrors.invalidArgument(`The file was declared as ${FILE_TYPES[said]?.label ?? said} but its content is not one.`);
    return allowedOrThrow(said, allowed);
  }
  const sniffed = detectContentType(head);
  if (said !== undefined && sniffed !== undefined && said !== sniffed && said !== 'application/octet-stream') {
    throw storageErrors.invalidArgument(`The file was declared as ${said} but its content is ${sniffed}.`);
  }
  if (said !== undefined && sniffed === undefined && SNIFFABLE_TYPES.has(said)) {
    throw storageErrors.invalidArgument(`The file was declared as ${said} but its content is not a valid ${said} file.`);
  }
  return allowedOrThrow(sniffed ?? said ?? 'application/octet-stream', allowed);
}

function allowedOrThrow(type: string, allowed: readonly string[] | undefined): string {
  if (allowed !== undefined && !allowed.map(normalizeContentType).includes(type)) {
    throw storageErrors.invalidArgument(`Files of type ${type} are not accepted here. Accepted: ${allowed.join(', ')}.`);
  }
  return type;
}
