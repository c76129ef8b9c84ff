/** Small files of known types for storage tests: the magic bytes, then some filler. */
const SIGNATURES: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d],
  'image/gif': [...'GIF89a'].map((c) => c.charCodeAt(0)),
  'image/webp': [...'RIFF\u0024\u0000\u0000\u0000WEBPVP8 '].map((c) => c.charCodeAt(0)),
  'application/pdf': [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0)),
  'image/heic': [0x00, 0x00, 0x00, 0x18, ...'ftypheic'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
  'image/avif': [0x00, 0x00, 0x00, 0x1c, ...'ftypavif'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
};

let seed = 1;
/** `size` bytes starting with the signature of `type`; the rest differs from call to call. */
export function fileBytes(type: keyof typeof SIGNATURES | string, size = 64): Uint8Array {
  const sig = SIGNATURES[type] ?? [];
  const out = new Uint8Array(Math.max(size, sig.length));
  out.set(sig);
  seed += 1;
  for (let i = sig.length; i < out.length; i += 1) out[i] = (i * 31 + seed * 7) & 0xff;
  return out;
}
