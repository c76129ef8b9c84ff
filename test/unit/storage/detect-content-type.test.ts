import { describe, expect, it } from 'vitest';
import { detectContentType, normalizeContentType, resolveContentType } from '../../../src/domain/storage/detect-content-type.ts';
import { fileBytes } from '../../support/storage-factories.ts';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('content sniffing', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'image/heic', 'image/avif'] as const)(
    'recognises %s by its magic bytes',
    (type) => {
      expect(detectContentType(fileBytes(type))).toBe(type);
    },
  );

  it('knows nothing about text, HTML or short inputs', () => {
    expect(detectContentType(ascii('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(detectContentType(ascii('hello'))).toBeUndefined();
    expect(detectContentType(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
  });

  it('normalises declared types', () => {
    expect(normalizeContentType(' Image/JPG; q=1')).toBe('image/jpeg');
    expect(normalizeContentType('application/PDF')).toBe('application/pdf');
  });
});

describe('resolveContentType', () => {
  const images = ['image/png', 'image/jpeg'];

  it('stores the sniffed type when nothing or octet-stream was declared', () => {
    expect(resolveContentType({ declared: undefined, head: fileBytes('image/png'), allowed: images })).toBe('image/png');
    expect(resolveContentType({ declared: 'application/octet-stream', head: fileBytes('image/jpeg'), allowed: images })).toBe('image/jpeg');
  });

  it('refuses a declared type the bytes contradict', () => {
    expect(() => resolveContentType({ declared: 'image/png', head: fileBytes('application/pdf'), allowed: undefined })).toThrow(
      /declared as image\/png but its content is application\/pdf/,
    );
    expect(() => resolveContentType({ declared: 'image/png', head: ascii('<svg onload=alert(1)>'), allowed: undefined })).toThrow(
      expect.objectContaining({ code: 'storage/invalid-argument' }),
    );
  });

  it('refuses types outside the allow-list with a clear message', () => {
    expect(() => resolveContentType({ declared: 'text/html', head: ascii('<html>'), allowed: images })).toThrow(
      'Files of type text/html are not accepted here. Accepted: image/png, image/jpeg.',
    );
  });

  it('keeps an unsniffable declared type when any type is allowed', () => {
    expect(resolveContentType({ declared: 'text/csv', head: ascii('a,b\n1,2'), allowed: undefined })).toBe('text/csv');
    expect(resolveContentType({ declared: undefined, head: ascii('a,b'), allowed: undefined })).toBe('application/octet-stream');
  });
});
