/**
 * The retry policy around the S3 adapter against a peer that really goes away: s3rver is
 * stopped in the middle of a multipart upload (open connections cut) and started again on the
 * same port with the same data folder.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { S3FileStorage, parseS3Url } from '../../src/adapters/s3-storage/s3-file-storage.ts';
import { s3PeerForSuite } from '../support/s3-peer.ts';
import { tempDir } from '../support/temp-dir.ts';
import { fileBytes } from '../support/storage-factories.ts';
import { md5Base64, readAll } from './file-storage.contract.ts';

const { peer, admin } = s3PeerForSuite();
const spool = tempDir('s3-spool-');
afterAll(() => spool.remove());

function storageWith(prefix: string, o: { maxUploadRetryTimeMs?: number; maxOperationRetryTimeMs?: number }) {
  const retries: { attempt: number; waitMs: number; error: string }[] = [];
  const storage = new S3FileStorage({
    ...parseS3Url(peer.url),
    prefix,
    tmpDir: spool.path,
    partSize: 5 * 1024 * 1024,
    random: () => 0,
    limits: { maxBytes: 64 * 1024 * 1024, allowedContentTypes: undefined },
    onRetry: (r) => retries.push({ ...r, error: String((r.error as { code?: string }).code ?? (r.error as Error).name) }),
    ...o,
  });
  return { storage, retries };
}

/** Stops the peer when the first part of a multipart upload arrives. */
function stopOnFirstPart(): Promise<void> {
  return new Promise((resolve) => {
    peer.onRequest = (req) => {
      if (req.method === 'PUT' && req.url?.includes('partNumber=')) {
        peer.onRequest = undefined;
        void peer.stop().then(resolve);
      }
    };
  });
}

const keysUnder = async (prefix: string) => (await peer.keys(admin())).filter((k) => k.startsWith(`${prefix}/`));

describe('S3 storage when the peer goes down', () => {
  it('[R-STO-3] an upload survives the peer stopping mid-upload and coming back: one object, right md5', async () => {
    const { storage, retries } = storageWith('fault-1', { maxUploadRetryTimeMs: 30_000 });
    const bytes = fileBytes('image/jpeg', 12 * 1024 * 1024);
    const stopped = stopOnFirstPart();
    const restarted = stopped.then(() => new Promise((r) => setTimeout(r, 1500))).then(() => peer.start());
    try {
      const f = await storage.upload({ folder: 'floor-plans', data: bytes, contentType: 'image/jpeg' });
      await restarted;
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(retries[0]?.waitMs).toBe(1000);
      expect(await keysUnder('fault-1')).toEqual([`fault-1/${f.fullPath}`]);
      expect(f.md5Hash).toBe(md5Base64(bytes));
      const got = await storage.download(f.fullPath);
      expect(got.metadata.size).toBe(bytes.length);
      expect(md5Base64(await readAll(got.body))).toBe(f.md5Hash);
      console.log(`upload fault: ${retries.length} retries (${retries.map((r) => `${r.error} → wait ${r.waitMs} ms`).join(', ')})`);
    } finally {
      await restarted.catch(() => undefined);
      await storage.close();
    }
  });

  it('[R-STO-3] [R-STO-4] a peer down past the deadline gives storage/retry-limit-exceeded and leaves no object', async () => {
    const { storage, retries } = storageWith('fault-2', { maxUploadRetryTimeMs: 3_000 });
    const bytes = fileBytes('image/jpeg', 12 * 1024 * 1024);
    const stopped = stopOnFirstPart();
    const started = Date.now();
    try {
      await expect(storage.upload({ folder: 'floor-plans', data: bytes, contentType: 'image/jpeg' })).rejects.toMatchObject({
        code: 'storage/retry-limit-exceeded',
        message: 'Max retry time for operation exceeded, please try again.',
      });
      const took = Date.now() - started;
      await stopped;
      expect(peer.running).toBe(false);
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(took).toBeLessThan(3_000 + 5_000);
      console.log(`upload past deadline: gave up after ${took} ms and ${retries.length} retries`);
    } finally {
      await stopped;
      if (!peer.running) await peer.start();
      await storage.close();
    }
    expect(await keysUnder('fault-2')).toEqual([]);
  });

  it('[R-STO-3] a metadata read waits for a peer that is briefly down', async () => {
    const { storage, retries } = storageWith('fault-3', { maxOperationRetryTimeMs: 20_000 });
    try {
      const f = await storage.upload({ folder: 'documents', data: fileBytes('application/pdf', 2000) });
      await peer.stop();
      const back = new Promise((r) => setTimeout(r, 1200)).then(() => peer.start());
      expect((await storage.getMetadata(f.fullPath)).md5Hash).toBe(f.md5Hash);
      await back;
      expect(retries.length).toBeGreaterThanOrEqual(1);
    } finally {
      if (!peer.running) await peer.start();
      await storage.close();
    }
  });
});
