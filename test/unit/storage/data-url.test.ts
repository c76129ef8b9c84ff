import { describe, expect, it } from 'vitest';
import { decodeBase64, parseDataUrl } from '../../../src/domain/storage/data-url.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (u: Uint8Array) => new TextDecoder().decode(u);

describe('data URLs and base64', () => {
  it('[R-STO-1] parses data:[type];base64,data into type and bytes', () => {
    const r = parseDataUrl('data:image/png;base64,iVBORw0KGgo=');
    expect(r.contentType).toBe('image/png');
    expect(r.base64).toBe(true);
    expect(r.bytes).toEqual(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a));
  });

  it('[R-STO-1] the type is optional and a plain data URL is percent-encoded text', () => {
    const r = parseDataUrl('data:,Hello%2C%20World%21');
    expect(r.contentType).toBeUndefined();
    expect(r.base64).toBe(false);
    expect(text(r.bytes)).toBe('Hello, World!');
    expect(text(parseDataUrl('data:text/plain;charset=utf-8,caf%C3%A9').bytes)).toBe('café');
    expect(parseDataUrl('data:text/plain;charset=utf-8,x').contentType).toBe('text/plain;charset=utf-8');
  });

  it.each(['image/png;base64,AAAA', 'data:image/png;base64', 'data:text/plain,%E0%A4%A'])(
    '[R-STO-1] rejects the malformed data URL %s with storage/invalid-format',
    (url) => {
      expect(() => parseDataUrl(url)).toThrow(expect.objectContaining({ code: 'storage/invalid-format' }));
    },
  );

  it('[R-STO-1] base64 must not contain - or _', () => {
    expect(() => decodeBase64('ab-c', 'base64')).toThrow("String does not match format 'base64': Invalid character found");
    expect(() => decodeBase64('ab_c', 'base64')).toThrow(expect.objectContaining({ code: 'storage/invalid-format' }));
    expect(() => parseDataUrl('data:image/png;base64,ab-_')).toThrow(expect.objectContaining({ code: 'storage/invalid-format' }));
  });

  it('[R-STO-1] base64url must not contain + or /', () => {
    expect(() => decodeBase64('ab+c', 'base64url')).toThrow("String does not match format 'base64url': Invalid character found");
    expect(() => decodeBase64('ab/c', 'base64url')).toThrow(expect.objectContaining({ code: 'storage/invalid-format' }));
  });

  it('[R-STO-1] each alphabet decodes its own 62nd and 63rd characters', () => {
    const all = bytes(0xfb, 0xff, 0xbf);
    expect(decodeBase64('+/+/', 'base64')).toEqual(all);
    expect(decodeBase64('-_-_', 'base64url')).toEqual(all);
    expect(decodeBase64('-_-_', 'base64url')).toEqual(decodeBase64('+/+/', 'base64'));
  });

  it.each([
    ['', ''],
    ['Zg==', 'f'],
    ['Zm8=', 'fo'],
    ['Zm9v', 'foo'],
    ['Zm9vYmFy', 'foobar'],
  ])('decodes %j to %j (RFC 4648 vectors)', (encoded, decoded) => {
    expect(text(decodeBase64(encoded, 'base64'))).toBe(decoded);
    expect(text(decodeBase64(encoded.replace(/=/g, ''), 'base64url'))).toBe(decoded);
  });

  it.each(['Zm9v!', 'Z', 'Zm9=v', 'Zg='])('rejects the invalid base64 %j', (bad) => {
    expect(() => decodeBase64(bad, 'base64')).toThrow(expect.objectContaining({ code: 'storage/invalid-format' }));
  });
});
