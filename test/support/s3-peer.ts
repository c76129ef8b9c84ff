import type { IncomingMessage } from 'node:http';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './temp-dir.ts';

/**
 * An s3rver on 127.0.0.1 (a free port on first start) keeping its data in `dir`, so the test can
 * stop it (dropping open connections, as a crash would) and start it again on the same port.
 */
export class S3Peer {
  readonly dir: string;
  readonly bucket: string;
  port = 0;
  #server: S3rver | undefined;
  onRequest: ((req: IncomingMessage) => void) | undefined;

  constructor(dir: string, bucket = 'test-files') {
    this.dir = dir;
    this.bucket = bucket;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get url(): string {
    return `s3://${this.bucket}?endpoint=${encodeURIComponent(this.endpoint)}&region=us-east-1&accessKeyId=S3RVER&secretAccessKey=S3RVER`;
  }

  async start(): Promise<void> {
    const server = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      silent: true,
      directory: this.dir,
      configureBuckets: [{ name: this.bucket }],
    });
    const addr = await server.run();
    this.port = addr.port;
    server.httpServer.on('request', (req: IncomingMessage) => this.onRequest?.(req));
    this.#server = server;
  }

  /** Stops at once: open connections are cut, as when the peer dies. */
  async stop(): Promise<void> {
    const s = this.#server;
    if (!s) return;
    this.#server = undefined;
    const closed = s.close();
    s.httpServer.closeAllConnections();
    await closed;
  }

  get running(): boolean {
    return this.#server !== undefined;
  }

  async keys(client: S3Client): Promise<string[]> {
    const r = await client.send(new ListObjectsV2Command({ Bucket: this.bucket }));
    return (r.Contents ?? []).map((o) => o.Key ?? '');
  }
}

/**
 * One peer for a test file: started before its tests, stopped and wiped after. `admin()` is
 * a plain S3 client for reading back what the bucket really holds.
 */
export function s3PeerForSuite(): { peer: S3Peer; admin: () => S3Client } {
  const dir = tempDir('s3rver-');
  const peer = new S3Peer(dir.path);
  let client: S3Client | undefined;
  beforeAll(async () => {
    await peer.start();
    client = new S3Client({
      endpoint: peer.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await peer.stop();
    dir.remove();
  });
  return {
    peer,
    admin: () => {
      if (!client) throw new Error('the S3 peer is not started yet');
      return client;
    },
  };
}
