import fc from 'fast-check';

/** Hand-built multipart/form-data bodies, for requests a browser would never send. */
export interface RawPart {
  name: string;
  /** A file part when set (may be ''), a text field otherwise. */
  fileName?: string;
  contentType?: string;
  value: string | Uint8Array;
}

export const CRLF = '\r\n';

/** The body for `parts`, ended by the closing boundary (cut it short to truncate it). */
export function multipartBody(parts: readonly RawPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName === undefined ? '' : `; filename="${p.fileName}"`}`;
    const head = `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${p.contentType ? `Content-Type: ${p.contentType}${CRLF}` : ''}${CRLF}`;
    chunks.push(Buffer.from(head), Buffer.from(p.value), Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

export const multipartType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;


export interface MultipartRequest {
  contentType: string;
  body: Buffer;
}

const BOUNDARY = fc.stringMatching(/^[A-Za-z0-9_'()+,.=-]{1,40}$/);
const TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'application/octet-stream', '', 'image/png; charset=x'];

/** A part no form would send: odd names (prototype keys included), file names, types and bytes. */
export const aJunkPart: fc.Arbitrary<RawPart> = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'a"b', 'x\r\ny')),
    fileName: fc.string({ maxLength: 12 }),
    contentType: fc.constantFrom(...TYPES),
    value: fc.oneof(fc.string({ maxLength: 40 }), fc.uint8Array({ maxLength: 120 })),
  },
  { requiredKeys: ['name', 'value'] },
);

/** `arb` one time in three, undefined otherwise. */
const sometimes = <T,>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/**
 * Arbitrary multipart requests: `plausible` parts (what the route expects) with up to two junk
 * parts before or after, under random boundaries, sometimes with a header that does not match the body, stray
 * bytes in front, or the body cut off mid-stream.
 */
export function arbitraryMultipart(plausible: fc.Arbitrary<RawPart[]>): fc.Arbitrary<MultipartRequest> {
  const parts = fc
    .tuple(plausible, sometimes(fc.array(aJunkPart, { minLength: 1, maxLength: 2 })), fc.boolean())
    .map(([expected, junk = [], junkFirst]) => (junkFirst ? [...junk, ...expected] : [...expected, ...junk]));
  return fc
    .record({
      boundary: BOUNDARY,
      other: BOUNDARY,
      parts,
      header: fc.constantFrom('plain', 'plain', 'plain', 'plain', 'quoted', 'no-boundary', 'mismatch', 'extra-params', 'not-form'),
      cut: sometimes(fc.nat()),
      noise: sometimes(fc.uint8Array({ minLength: 1, maxLength: 40 })),
    })
    .map(({ boundary, other, parts, header, cut, noise }) => {
      let body = multipartBody(parts, boundary);
      if (noise) body = Buffer.concat([Buffer.from(noise), body]);
      if (cut !== undefined) body = body.subarray(0, cut % (body.length + 1));
      const contentType = {
        plain: multipartType(boundary),
        quoted: `multipart/form-data; boundary="${boundary}"`,
        'no-boundary': 'multipart/form-data',
        mismatch: multipartType(other),
        'extra-params': `multipart/form-data; charset=utf-8; boundary=${boundary}; x=y`,
        'not-form': `multipart/mixed; boundary=${boundary}`,
      }[header]!;
      return { contentType, body };
    });
}
