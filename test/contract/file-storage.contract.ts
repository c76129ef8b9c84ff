/**
 * One contract for every FileStorage adapter. A harness gives a fresh storage plus a way to
 * list what the peer really holds (files under the root, keys in the bucket), so the tests
 * read back from the peer itself, not only through the port.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ByteSource, FileStorage, UploadLimits, UploadRequest } from '../../src/domain/storage/file-storage.ts';
import { isObjectPath } from '../../src/domain/storage/stored-file.ts';
import { fileBytes } from '../support/storage-factories.ts';

export interface StorageHarness {
  storage: FileStorage;
  /** Keys/paths of objects the peer holds (metadata sidecars excluded). */
  listObjects(): Promise<string[]>;
  /** Entries next to the storage root that the storage must never touch (fs only). */
  outsideRoot?(): Promise<string[]>;
  close(): Promise<void>;
}

export type StorageFactory = (o: { limits?: UploadLimits }) => Promise<StorageHarness>;

export const md5Base64 = (b: Uint8Array): string => createHash('md5').update(b).digest('base64');

export async function readAll(body: ByteSource): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of body) parts.push(c);
  return new Uint8Array(Buffer.concat(parts));
}

async function* inChunks(b: Uint8Array, size: number): ByteSource {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

const aPhoto = (o: Partial<UploadRequest> = {}): UploadRequest => ({
  folder: 'quote-photos',
  data: fileBytes('image/jpeg', 3000),
  contentType: 'image/jpeg',
  fileName: 'driveway.jpg',
  ...o,
});

export function fileStorageContract(name: string, factory: StorageFactory): void {
  describe(`FileStorage contract: ${name}`, () => {
    let h: StorageHarness;
    beforeEach(async () => {
      h = await factory({});
    });
    afterEach(async () => {
      await h.close();
    });

    it('[R-STO-5] upload, metadata and download round trip with the md5 of the bytes', async () => {
      const bytes = fileBytes('image/png', 70_000);
      const stored = await h.storage.upload({
        folder: 'floor-plans',
        data: inChunks(bytes, 8192),
        contentType: 'image/png',
        fileName: 'Ground floor.png',
        cacheControl: 'private, max-age=300',
        contentLanguage: 'en',
        customMetadata: { siteId: 'site-7', kind: 'plan' },
      });
      expect(stored.fullPath).toMatch(/^floor-plans\/[0-9a-f-]{36}$/);
      expect(isObjectPath(stored.fullPath)).toBe(true);
      expect(stored).toMatchObject({
        name: stored.fullPath.split('/')[1],
        size: bytes.length,
        md5Hash: md5Base64(bytes),
        contentType: 'image/png',
        contentDisposition: 'attachment; filename="Ground floor.png"',
        cacheControl: 'private, max-age=300',
        contentLanguage: 'en',
        metageneration: '1',
        customMetadata: { siteId: 'site-7', kind: 'plan' },
        downloadTokens: [],
      });
      expect(stored.bucket).not.toBe('');
      expect(Number(stored.generation)).toBeGreaterThan(0);
      expect(Date.parse(stored.timeCreated)).not.toBeNaN();

      expect(await h.storage.getMetadata(stored.fullPath)).toEqual(stored);
      const got = await h.storage.download(stored.fullPath);
      expect(got.metadata).toEqual(stored);
      const back = await readAll(got.body);
      expect(back.length).toBe(bytes.length);
      expect(md5Base64(back)).toBe(stored.md5Hash);
      expect(await h.listObjects()).toEqual([stored.fullPath]);
    });

    it('stores each upload under its own generated path', async () => {
      const a = await h.storage.upload(aPhoto());
      const b = await h.storage.upload(aPhoto());
      expect(a.fullPath).not.toBe(b.fullPath);
      expect((await h.listObjects()).sort()).toEqual([a.fullPath, b.fullPath].sort());
    });

    it('lists one folder and its subfolders only, when asked for a folder', async () => {
      const shared = await h.storage.upload(aPhoto({ folder: 'shared-files' }));
      const nested = await h.storage.upload(aPhoto({ folder: 'shared-files/archive' }));
      const sibling = await h.storage.upload(aPhoto({ folder: 'shared-files-old' }));
      const other = await h.storage.upload(aPhoto({ folder: 'quote-photos' }));
      const paths = async (folder?: string) => {
        const out: string[] = [];
        for await (const f of h.storage.list(folder === undefined ? undefined : { folder })) out.push(f.fullPath);
        return out.sort();
      };
      expect(await paths('shared-files')).toEqual([shared.fullPath, nested.fullPath].sort());
      expect(await paths('shared-files/archive')).toEqual([nested.fullPath]);
      expect(await paths('quote-photos')).toEqual([other.fullPath]);
      expect(await paths('floor-plans')).toEqual([]);
      expect(await paths()).toEqual([shared.fullPath, nested.fullPath, sibling.fullPath, other.fullPath].sort());
      await expect(paths('../shared-files')).rejects.toMatchObject({ code: 'storage/invalid-argument' });
    });

    it('deletes, after which the object is not found anywhere', async () => {
      const f = await h.storage.upload(aPhoto());
      await h.storage.delete(f.fullPath);
      expect(await h.listObjects()).toEqual([]);
      await expect(h.storage.getMetadata(f.fullPath)).rejects.toMatchObject({
        code: 'storage/object-not-found',
        message: `Object '${f.fullPath}' does not exist.`,
      });
      await expect(h.storage.download(f.fullPath)).rejects.toMatchObject({ code: 'storage/object-not-found' });
      await expect(h.storage.delete(f.fullPath)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    });

    it('answers storage/object-not-found for a path that was never stored', async () => {
      const missing = 'quote-photos/00000000-0000-4000-8000-000000000000';
      await expect(h.storage.getMetadata(missing)).rejects.toMatchObject({ code: 'storage/object-not-found' });
      await expect(h.storage.createDownloadToken(missing)).rejects.toMatchObject({ code: 'storage/object-not-found' });
      expect(await h.storage.findByDownloadToken(missing, 'x')).toBeNull();
    });

    it('[R-STO-6] download tokens: create, find, revoke', async () => {
      const f = await h.storage.upload(aPhoto({ withDownloadToken: true }));
      expect(f.downloadTokens).toHaveLength(1);
      const first = f.downloadTokens[0] ?? '';
      const two = await h.storage.createDownloadToken(f.fullPath);
      expect(two.downloadTokens).toHaveLength(2);
      expect(two.metageneration).toBe('2');
      expect(two.generation).toBe(f.generation);
      const second = two.downloadTokens[1] ?? '';
      expect((await h.storage.findByDownloadToken(f.fullPath, second))?.fullPath).toBe(f.fullPath);
      expect(await h.storage.findByDownloadToken(f.fullPath, 'not-a-token')).toBeNull();

      const after = await h.storage.revokeDownloadToken(f.fullPath, first);
      expect(after.downloadTokens).toEqual([second]);
      expect(await h.storage.findByDownloadToken(f.fullPath, first)).toBeNull();
      expect((await h.storage.getMetadata(f.fullPath)).downloadTokens).toEqual([second]);
      // The bytes are untouched by metadata changes.
      expect(md5Base64(await readAll((await h.storage.download(f.fullPath)).body))).toBe(f.md5Hash);
    });

    it('keeps concurrent token changes on one file', async () => {
      const f = await h.storage.upload(aPhoto());
      await Promise.all([1, 2, 3, 4].map(() => h.storage.createDownloadToken(f.fullPath)));
      const m = await h.storage.getMetadata(f.fullPath);
      expect(m.downloadTokens).toHaveLength(4);
      expect(m.metageneration).toBe('5');
    });

    it('refuses a file over the size limit, leaving nothing behind', async () => {
      await h.close();
      h = await factory({ limits: { maxBytes: 10_000, allowedContentTypes: ['image/jpeg', 'application/pdf'] } });
      await expect(h.storage.upload(aPhoto({ data: inChunks(fileBytes('image/jpeg', 10_001), 1000) }))).rejects.toMatchObject({
        code: 'storage/invalid-argument',
        message: 'The file is larger than the 10000 bytes limit.',
      });
      await expect(h.storage.upload(aPhoto({ data: fileBytes('image/jpeg', 500), limits: { maxBytes: 100 } }))).rejects.toMatchObject({
        code: 'storage/invalid-argument',
      });
      const ok = await h.storage.upload(aPhoto({ data: fileBytes('image/jpeg', 10_000) }));
      expect(await h.listObjects()).toEqual([ok.fullPath]);
    });

    it('refuses types outside the limits and bytes that contradict the declared type', async () => {
      await h.close();
      h = await factory({ limits: { maxBytes: 100_000, allowedContentTypes: ['image/jpeg', 'application/pdf'] } });
      const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
      await expect(h.storage.upload(aPhoto({ data: html, contentType: 'text/html' }))).rejects.toThrow(/text\/html are not accepted/);
      await expect(h.storage.upload(aPhoto({ data: html, contentType: 'image/jpeg' }))).rejects.toMatchObject({
        code: 'storage/invalid-argument',
      });
      await expect(h.storage.upload(aPhoto({ data: fileBytes('image/png'), contentType: undefined }))).rejects.toThrow(
        /image\/png are not accepted/,
      );
      const pdf = await h.storage.upload(aPhoto({ data: fileBytes('application/pdf'), contentType: undefined, fileName: 'quote.pdf' }));
      expect(pdf.contentType).toBe('application/pdf');
      expect(await h.listObjects()).toEqual([pdf.fullPath]);
    });

    it('keeps a path-traversal file name as metadata only, and never resolves such paths', async () => {
      const f = await h.storage.upload(aPhoto({ fileName: '../../etc/passwd' }));
      expect(f.fullPath).toMatch(/^quote-photos\/[0-9a-f-]{36}$/);
      expect(f.contentDisposition).toBe('attachment; filename="passwd"');
      for (const path of ['../../etc/passwd', `quote-photos/../../${f.name}`, `/etc/passwd`, `quote-photos/${f.name}/../../x`]) {
        await expect(h.storage.getMetadata(path)).rejects.toMatchObject({ code: 'storage/object-not-found' });
        await expect(h.storage.download(path)).rejects.toMatchObject({ code: 'storage/object-not-found' });
        await expect(h.storage.delete(path)).rejects.toMatchObject({ code: 'storage/object-not-found' });
        expect(await h.storage.findByDownloadToken(path, 't')).toBeNull();
      }
      await expect(h.storage.upload(aPhoto({ folder: '../../etc' }))).rejects.toMatchObject({ code: 'storage/invalid-argument' });
      expect(await h.listObjects()).toEqual([f.fullPath]);
      if (h.outsideRoot) expect(await h.outsideRoot()).toEqual([]);
    });

    it('stops with storage/canceled when the upload is aborted, leaving nothing behind', async () => {
      const ac = new AbortController();
      async function* slow(): ByteSource {
        yield fileBytes('image/jpeg', 1000);
        ac.abort();
        yield fileBytes('image/jpeg', 1000);
      }
      await expect(h.storage.upload(aPhoto({ data: slow(), signal: ac.signal }))).rejects.toMatchObject({ code: 'storage/canceled' });
      expect(await h.listObjects()).toEqual([]);
    });
  });
}
