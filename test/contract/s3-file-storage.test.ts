import { describe, expect, it } from 'vitest';
import { S3FileStorage, parseS3Url } from '../../src/adapters/s3-storage/s3-file-storage.ts';
import { openFileStorage } from '../../src/adapters/open-file-storage.ts';
import { s3PeerForSuite } from '../support/s3-peer.ts';
import { tempDir } from '../support/temp-dir.ts';
import { fileStorageContract } from './file-storage.contract.ts';

const { peer, admin } = s3PeerForSuite();

let run = 0;
fileStorageContract('S3 (s3rver)', async ({ limits }) => {
  run += 1;
  const prefix = `run-${run}`;
  const spool = tempDir('s3-spool-');
  const storage = new S3FileStorage({ ...parseS3Url(`${peer.url}`), prefix, limits, tmpDir: spool.path });
  return {
    storage,
    async listObjects() {
      return (await peer.keys(admin())).filter((k) => k.startsWith(`${prefix}/`)).map((k) => k.slice(prefix.length + 1));
    },
    async close() {
      await storage.close();
      spool.remove();
    },
  };
});

describe('S3 configuration', () => {
  it('reads bucket, prefix, endpoint, region and keys from the URL, and falls back to env', async () => {
    expect(parseS3Url('s3://my-bucket/site/files?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-west-1&accessKeyId=a&secretAccessKey=b')).toEqual({
      bucket: 'my-bucket',
      prefix: 'site/files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://b-1', { AWS_REGION: 'us-west-2', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' })).toMatchObject({
      region: 'us-west-2',
      accessKeyId: 'k',
      secretAccessKey: 's',
      endpoint: undefined,
    });
    expect(() => parseS3Url('s3://Bad_Bucket')).toThrow(expect.objectContaining({ code: 'storage/invalid-default-bucket' }));
    await expect(openFileStorage('ftp://x', {})).rejects.toMatchObject({ code: 'storage/invalid-url' });
  });

  it('[R-STO-2] refuses a negative retry time', () => {
    expect(() => new S3FileStorage({ ...parseS3Url(peer.url), maxOperationRetryTimeMs: -1 })).toThrow(
      expect.objectContaining({ code: 'storage/invalid-argument' }),
    );
  });

  it('openFileStorage gives an S3 storage for s3:// URLs that works against the peer', async () => {
    const storage = await openFileStorage(peer.url, {});
    try {
      const f = await storage.upload({ folder: 'documents', data: new TextEncoder().encode('%PDF-1.4\nhello') });
      expect((await storage.getMetadata(f.fullPath)).md5Hash).toBe(f.md5Hash);
      await storage.delete(f.fullPath);
    } finally {
      await storage.close?.();
    }
  });
});
