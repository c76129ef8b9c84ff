import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  buildDownloadUrl,
  effectiveLimits,
  hasDownloadToken,
  isObjectPath,
  newObjectPath,
  newStoredFile,
  validateUploadRequest,
  withDownloadToken,
  withoutDownloadToken,
} from '../../../src/domain/storage/stored-file.ts';
import type { UploadRequest } from '../../../src/domain/storage/file-storage.ts';

const ID = '0b9f6a52-4f7e-4a51-9d1f-3c2e5b8a7d10';
const at = new Date('2026-05-06T07:08:09.123Z');
const aRequest = (o: Partial<UploadRequest> = {}): UploadRequest => ({ folder: 'floor-plans', data: new Uint8Array(1), ...o });
const aStoredFile = (o: Partial<UploadRequest> = {}) =>
  newStoredFile({
    request: aRequest(o),
    bucket: 'files',
    path: newObjectPath('floor-plans', ID),
    size: 1234,
    md5Hash: '1B2M2Y8AsgTpgAmY7PhCfg==',
    contentType: 'image/png',
    now: at,
    tokens: [],
  });

describe('stored-file metadata', () => {
  it('[R-STO-5] a new object has every stored-file field', () => {
    const m = aStoredFile({ fileName: 'plan.png', cacheControl: 'private, max-age=60', customMetadata: { site: 's-1' } });
    expect(Object.keys(m).sort()).toEqual(
      [
        'bucket',
        'generation',
        'metageneration',
        'name',
        'fullPath',
        'size',
        'timeCreated',
        'updated',
        'md5Hash',
        'cacheControl',
        'contentDisposition',
        'contentEncoding',
        'contentLanguage',
        'contentType',
        'customMetadata',
        'downloadTokens',
      ].sort(),
    );
    expect(m).toMatchObject({
      bucket: 'files',
      generation: String(at.getTime() * 1000),
      metageneration: '1',
      name: ID,
      fullPath: `floor-plans/${ID}`,
      size: 1234,
      timeCreated: at.toISOString(),
      updated: at.toISOString(),
      cacheControl: 'private, max-age=60',
      contentDisposition: 'attachment; filename="plan.png"',
      contentType: 'image/png',
      customMetadata: { site: 's-1' },
      downloadTokens: [],
    });
  });

  it('[R-STO-5] tokens bump the metageneration and the updated time, not the generation', () => {
    const later = new Date(at.getTime() + 5000);
    const m = withDownloadToken(aStoredFile(), 'tok-1', later);
    expect(m).toMatchObject({ downloadTokens: ['tok-1'], metageneration: '2', updated: later.toISOString(), timeCreated: at.toISOString() });
    expect(m.generation).toBe(aStoredFile().generation);
    const two = withDownloadToken(m, 'tok-2', later);
    expect(hasDownloadToken(two, 'tok-1')).toBe(true);
    const revoked = withoutDownloadToken(two, 'tok-1', later);
    expect(revoked.downloadTokens).toEqual(['tok-2']);
    expect(revoked.metageneration).toBe('4');
    expect(hasDownloadToken(revoked, 'tok-1')).toBe(false);
    expect(hasDownloadToken(revoked, '')).toBe(false);
  });

  it('[R-STO-5] the download URL is built from the first download token', () => {
    const m = withDownloadToken(aStoredFile(), 'tok 1', at);
    expect(buildDownloadUrl('https://example.com/api/files/', m)).toBe(
      `https://example.com/api/files/floor-plans%2F${ID}?alt=media&token=tok%201`,
    );
    expect(() => buildDownloadUrl('https://example.com', aStoredFile())).toThrow(expect.objectContaining({ code: 'storage/no-download-url' }));
  });
});

describe('generated paths', () => {
  it('puts a generated id under the caller folder', () => {
    expect(newObjectPath('quote-photos/2026', ID)).toBe(`quote-photos/2026/${ID}`);
    expect(isObjectPath(`floor-plans/${ID}`)).toBe(true);
  });

  it.each(['../etc', 'Floor', '/abs', 'a/../b', 'a//b', 'a\\b', '.', 'a/b/c/d/e'])('refuses the folder %j', (folder) => {
    expect(() => newObjectPath(folder, ID)).toThrow(expect.objectContaining({ code: 'storage/invalid-argument' }));
  });

  it.each(['../../etc/passwd', `floor-plans/../${ID}`, `/floor-plans/${ID}`, `floor-plans\\${ID}`, ID, `floor-plans/${ID}/`, '', `./${ID}`])(
    'does not take %j for an object path',
    (path) => {
      expect(isObjectPath(path)).toBe(false);
    },
  );
});

describe('user file names', () => {
  it.each([
    [undefined, 'attachment'],
    ['plan.pdf', 'attachment; filename="plan.pdf"'],
    ['../../etc/passwd', 'attachment; filename="passwd"'],
    ['C:\\Users\\x\\"evil".png', 'attachment; filename="evil.png"'],
    ['..', 'attachment'],
    ['plan\r\nSet-Cookie: a=b.pdf', 'attachment; filename="planSet-Cookie: a=b.pdf"'],
    ['café.jpg', `attachment; filename="caf_.jpg"; filename*=UTF-8''caf%C3%A9.jpg`],
  ])('keeps %j only as the attachment name %j', (fileName, disposition) => {
    expect(attachmentDisposition(fileName)).toBe(disposition);
  });
});

describe('limits and metadata checks', () => {
  it('takes the stricter of the storage and request limits', () => {
    const base = { maxBytes: 1000, allowedContentTypes: ['image/png', 'application/pdf'] };
    expect(effectiveLimits(base, { maxBytes: 10 })).toEqual({ maxBytes: 10, allowedContentTypes: base.allowedContentTypes });
    expect(effectiveLimits(base, { maxBytes: 5000, allowedContentTypes: ['image/png', 'text/html'] })).toEqual({
      maxBytes: 1000,
      allowedContentTypes: ['image/png'],
    });
    expect(effectiveLimits({ maxBytes: 1, allowedContentTypes: undefined }, { allowedContentTypes: ['a/b'] }).allowedContentTypes).toEqual(['a/b']);
  });

  it.each<Partial<UploadRequest>>([
    { customMetadata: { 'bad key': 'x' } },
    { customMetadata: { k: 'x'.repeat(2000) } },
    { cacheControl: 'no-store\r\nX-Evil: 1' },
    { folder: '../up' },
  ])('refuses the request %j', (o) => {
    expect(() => validateUploadRequest(aRequest(o))).toThrow(expect.objectContaining({ code: 'storage/invalid-argument' }));
  });
});
