/**
 * The one image-intake rule (issue 15): every image the product reads — floor plans, job photos
 * and signatures, quote-request photos, images to analyse — has its pixel size read from its
 * header before anything decodes it, and is refused above MAX_IMAGE_PIXELS, because decoding
 * costs memory by pixels, not by file size (a 170 KB PNG can be 12 000 × 12 000 pixels, over
 * 400 MB decoded). What is printed or analysed is scaled down to a bounded size first
 * (EMBED_LONG_SIDE_PX; the sharp adapter in adapters/images does it with the same limit).
 */
import { DomainError } from '../shared/domain-error.ts';

/** 40 megapixels (8 000 × 5 000): the vision detector's decode limit too; ≈160 MB decoded at most. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Longest side of an image embedded in a PDF: sharp enough for a landscape A4/A3 page. */
export const EMBED_LONG_SIDE_PX = 3000;

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Pixel size from the header, without decoding: PNG (IHDR), JPEG (first start-of-frame), WebP
 * (VP8, VP8L, VP8X), GIF, and HEIC/HEIF/AVIF (the largest `ispe` property: the full image, not
 * a tile or the thumbnail). Null when the bytes are none of these or the header is cut off.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && ascii(bytes, 12, 'IHDR')) return positive(u32(bytes, 16), u32(bytes, 20));
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return webpSize(bytes);
  if ((ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) && bytes.length >= 10) return positive(u16le(bytes, 6), u16le(bytes, 8));
  if (ascii(bytes, 4, 'ftyp')) return isobmffSize(bytes);
  return null;
}

export interface ImageIntake {
  /** How the message names the image: "The floor plan", "driveway.png". */
  subject: string;
  /** The form field the message belongs to. */
  field: string;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10}`;
/** 12000 → "12 000" (no-break space), the same in every locale. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/** The size of an image that may be read, or the refusal a person reads at the field. */
export function checkImageIntake(bytes: Uint8Array, { subject, field }: ImageIntake): ImageSize {
  const refuse = (message: string) => new DomainError('validation', message, { [field]: [message] });
  const size = imageSize(bytes);
  if (!size) throw refuse(`${subject} could not be read: it may be damaged. Save it again as a JPEG or PNG and upload that.`);
  const pixels = size.width * size.height;
  if (pixels > MAX_IMAGE_PIXELS) {
    throw refuse(
      `${subject} is ${grouped(size.width)} × ${grouped(size.height)} pixels; the largest accepted is ${megapixels(MAX_IMAGE_PIXELS)} megapixels (for example ${grouped(8000)} × ${grouped(5000)}). Save it smaller and upload again.`,
    );
  }
  return size;
}

function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return positive((b[i + 7]! << 8) | b[i + 8]!, (b[i + 5]! << 8) | b[i + 6]!);
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null;
  if (ascii(b, 12, 'VP8 ') && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) return positive(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (ascii(b, 12, 'VP8L') && b[20] === 0x2f) {
    const [b1, b2, b3, b4] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return positive(1 + (((b2 & 0x3f) << 8) | b1), 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)));
  }
  if (ascii(b, 12, 'VP8X')) return positive(1 + u24le(b, 24), 1 + u24le(b, 27));
  return null;
}

/** HEIF/AVIF: boxes meta → iprp → ipco hold one `ispe` (width, height) per image item. */
function isobmffSize(b: Uint8Array): ImageSize | null {
  let best: ImageSize | null = null;
  const walk = (start: number, end: number, depth: number): void => {
    for (let at = start; at + 8 <= end; ) {
      let size = u32(b, at);
      const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
      let header = 8;
      if (size === 1) {
        if (at + 16 > end) return;
        size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12);
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header) return;
      const boxEnd = Math.min(end, at + size);
      if (type === 'ispe' && at + header + 12 <= boxEnd) {
        const found = positive(u32(b, at + header + 4), u32(b, at + header + 8));
        if (found && (!best || found.width * found.height > best.width * best.height)) best = found;
      } else if (depth < 4 && (type === 'meta' || type === 'iprp' || type === 'ipco')) {
        walk(at + header + (type === 'meta' ? 4 : 0), boxEnd, depth + 1);
      }
      at += size;
    }
  };
  walk(0, b.length, 0);
  return best;
}

const ascii = (b: Uint8Array, at: number, text: string): boolean => b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const u32 = (b: Uint8Array, at: number): number => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const positive = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null);
