import { deflateSync } from 'node:zlib';
import type { QuoteRequestForm } from '../../src/contracts/quotes.ts';
import type { ReviewRequest } from '../../src/contracts/reviews.ts';

let n = 0;

/** A valid free-quote form (a postcode inside the default service area); override what the test is about. */
export function aQuoteForm(overrides: Partial<QuoteRequestForm> = {}): QuoteRequestForm {
  n += 1;
  return {
    name: `Robin Homeowner ${n}`,
    email: `robin${n}@example.com`,
    phone: '(555) 201-3344',
    services: ['alarm', 'cameras'],
    propertyType: 'residential',
    construction: 'existing',
    address: `${100 + n} Maple Avenue, Springfield`,
    postcode: '62704',
    preferredDate: '',
    preferredWindow: 'morning',
    description: 'Two-storey house, would like cameras on the driveway and back door plus a new alarm.',
    ...overrides,
  };
}

/** The form as multipart, services repeated, photos as file parts. */
export function quoteFormData(form: QuoteRequestForm, photos: { bytes: Uint8Array; type: string; name: string }[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(form)) {
    if (Array.isArray(v)) for (const s of v) fd.append(k, String(s));
    else if (v !== undefined && v !== null) fd.append(k, String(v));
  }
  for (const p of photos) fd.append('photos', new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.name);
  return fd;
}

export function aReviewRequest(overrides: Partial<ReviewRequest> = {}): ReviewRequest {
  n += 1;
  return {
    authorName: `Jamie Neighbour ${n}`,
    rating: 5,
    text: 'Tidy install, the technician explained every sensor and the app before leaving.',
    service: 'alarm',
    ...overrides,
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A real, decodable PNG of `size`×`size` pixels in one colour, made here (nothing downloaded). */
export function aPng(size = 8, rgb: [number, number, number] = [37, 99, 235]): Uint8Array {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, size);
  v.setUint32(4, size);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(size * (1 + size * 3));
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set(rgb, y * (1 + size * 3) + 1 + x * 3);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array(deflateSync(raw))),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
