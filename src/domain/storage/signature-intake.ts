/**
 * A signature drawn on a pad arrives as a PNG data URL (the job sign-off, a proposal's
 * acceptance). One rule for both: a base64 PNG by its bytes, not empty, at most
 * MAX_SIGNATURE_BYTES, and within the image-intake pixel limit; each refusal is a validation
 * error at the `signature` field that says what to do.
 */
import { DomainError } from '../shared/domain-error.ts';
import { parseDataUrl } from './data-url.ts';
import { resolveContentType, SNIFF_BYTES } from './detect-content-type.ts';
import { checkImageIntake } from './image-intake.ts';
import { isStorageError } from './storage-error.ts';

export const MAX_SIGNATURE_BYTES = 300 * 1024;
/** The smallest PNG that can hold a mark (a 1 × 1 PNG is 67 bytes). */
const MIN_SIGNATURE_BYTES = 67;

export interface SignatureWords {
  /** Said when nothing was drawn: "Ask the customer to sign on the pad." */
  missing: string;
}

/** The PNG bytes of a signature data URL, or the refusal a person reads at the signature field. */
export function readSignaturePng(dataUrl: string, words: SignatureWords): Uint8Array {
  const bad = (message: string) => new DomainError('validation', message, { signature: [message] });
  const notPng = 'The signature must be a PNG image.';
  if (dataUrl.trim() === '') throw bad(words.missing);
  let bytes: Uint8Array;
  try {
    const parsed = parseDataUrl(dataUrl);
    if (!parsed.base64) throw bad(notPng);
    bytes = parsed.bytes;
    if (bytes.byteLength < MIN_SIGNATURE_BYTES) throw bad(words.missing);
    if (bytes.byteLength > MAX_SIGNATURE_BYTES) throw bad(`The signature image is too large (${Math.ceil(bytes.byteLength / 1024)} KB; at most ${MAX_SIGNATURE_BYTES / 1024} KB). Clear the pad and sign again.`);
    resolveContentType({ declared: 'image/png', head: bytes.subarray(0, SNIFF_BYTES), allowed: ['image/png'] });
  } catch (err) {
    if (isStorageError(err)) throw bad(notPng);
    throw err;
  }
  checkImageIntake(bytes, { subject: 'The signature', field: 'signature' });
  return bytes;
}
